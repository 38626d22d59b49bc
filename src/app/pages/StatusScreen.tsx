import type { ReactNode } from 'react';
import { Logo } from '../ui/Logo';

interface StatusScreenProps {
  icon: ReactNode;
  title: string;
  tone?: 'danger' | 'warning' | 'neutral';
  children: ReactNode;
  actions?: ReactNode;
}

/** Full-page message (errors, connection lost, not found) in one consistent frame. */
export function StatusScreen({ icon, title, tone = 'neutral', children, actions }: StatusScreenProps) {
  return (
    <div className="status">
      <div className="status__brand">
        <Logo />
      </div>
      <main className="status__card">
        <div className={`status__icon status__icon--${tone}`}>{icon}</div>
        <h1 className="status__title">{title}</h1>
        {children}
        {actions ? <div className="status__actions">{actions}</div> : null}
      </main>
    </div>
  );
}
