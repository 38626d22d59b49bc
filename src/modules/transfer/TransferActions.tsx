import { Upload } from 'lucide-react';
import { useState } from 'react';
import { ExportMenu } from './ExportMenu';
import { useTransferT } from './i18n';
import { UploadDialog } from './UploadDialog';
import './transfer.css';

interface TransferActionsProps {
  spaceId: string;
  /** The selected tree item: a schedule or a version enables the actions. */
  item: { id: string; kind: string; parentId: string | null } | null;
  canEdit: boolean;
}

/**
 * Upload a version (schedule or version selected) and export a version (version selected), for
 * the structure toolbar: `<TransferActions spaceId={spaceId} item={item} canEdit={canEdit} />`.
 */
export function TransferActions({ spaceId, item, canEdit }: TransferActionsProps) {
  const { t } = useTransferT();
  const [uploading, setUploading] = useState(false);
  const scheduleId = item?.kind === 'schedule' ? item.id : item?.kind === 'version' ? item.parentId : null;
  return (
    <div className="transfer__actions">
      <button
        type="button"
        className="btn btn--ghost btn--sm"
        disabled={!canEdit || !scheduleId}
        onClick={() => setUploading(true)}
      >
        <Upload size={15} aria-hidden="true" />
        <span>{t('upload')}</span>
      </button>
      {item?.kind === 'version' ? <ExportMenu versionId={item.id} /> : null}
      {uploading && scheduleId ? (
        <UploadDialog spaceId={spaceId} scheduleId={scheduleId} onClose={() => setUploading(false)} />
      ) : null}
    </div>
  );
}
