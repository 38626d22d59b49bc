import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSystem } from '../../state/system';
import { LanguageSelect } from '../ui/LanguageSelect';
import { Logo } from '../ui/Logo';

interface AuthLayoutProps {
  title: string;
  subtitle?: string;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
}

/** Frame of the sign-in screens: a brand panel on the left, the form card on the right. */
export function AuthLayout({ title, subtitle, children, footer, wide = false }: AuthLayoutProps) {
  const { t } = useTranslation();
  const version = useSystem((s) => s.systemState?.version);
  return (
    <div className="auth">
      <aside className="auth__brand" aria-hidden="true">
        <Logo />
        <div className="auth__pitch">
          <p className="auth__tagline">{t('app.tagline')}</p>
          <BrandGantt />
        </div>
        {version ? <span className="auth__version">v{version}</span> : <span />}
      </aside>
      <main className="auth__main">
        <div className="auth__topbar">
          <LanguageSelect />
        </div>
        <section className={`auth__card${wide ? ' auth__card--wide' : ''}`}>
          <header className="auth__header">
            <h1>{title}</h1>
            {subtitle ? <p className="auth__subtitle">{subtitle}</p> : null}
          </header>
          {children}
        </section>
        {footer ? <div className="auth__footer">{footer}</div> : null}
      </main>
    </div>
  );
}

/** A decorative schedule drawing for the brand panel. */
function BrandGantt() {
  const bars = [
    [0, 38, 'var(--c-kind-project)'],
    [14, 30, 'var(--c-kind-schedule)'],
    [30, 26, 'var(--c-kind-schedule)'],
    [44, 34, 'var(--c-kind-target)'],
    [60, 30, 'var(--c-kind-actual)'],
  ] as const;
  return (
    <svg className="auth__gantt" viewBox="0 0 100 60" preserveAspectRatio="none">
      {[20, 40, 60, 80].map((x) => (
        <line key={x} x1={x} x2={x} y1="0" y2="60" stroke="rgba(255,255,255,0.08)" strokeWidth="0.3" />
      ))}
      {bars.map(([x, w, c], i) => (
        <rect key={i} x={x} y={4 + i * 11} width={w} height="6" rx="1.2" fill={c} opacity="0.9" />
      ))}
    </svg>
  );
}
