// The node panel's gallery tab: photos and comments of the schedule, of the focused row by default
// (or the whole schedule). Photos are added from the file picker — on a phone it offers the camera
// — checked here for type and size first (the server checks the bytes again), shown as thumbnails
// with the date taken, and opened in the lightbox.
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import type { EpsPhoto } from '../../api/gallery';
import { liveEvents } from '../../app/api/live';
import { confirm } from '../../app/dialogs/confirm';
import { useWorkbench } from '../../state/workbench/store';
import { type GalleryData, deletePhoto, failureText, loadGallery, uploadPhoto } from './api';
import { Comments } from './Comments';
import { takenText } from './format';
import { useGalleryT } from './i18n';
import { Lightbox } from './Lightbox';
import './gallery.css';

const ACCEPT = 'image/png,image/jpeg,image/gif,image/webp';
const IMAGE_TYPE = /^image\/(png|jpeg|gif|webp)$/;

type State =
  { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; data: GalleryData };

function Thumb({
  p,
  lang,
  onOpen,
  onDelete,
}: {
  p: EpsPhoto;
  lang: 'en' | 'ru';
  onOpen: () => void;
  onDelete: () => void;
}) {
  const { t } = useGalleryT();
  return (
    <li className="gal-item">
      <button
        type="button"
        className="gal-thumb"
        onClick={onOpen}
        aria-label={t('open_photo', { name: p.name })}
      >
        <img src={p.thumb_url} alt="" loading="lazy" width={160} height={120} />
      </button>
      <div className="gal-meta">
        <span className="gal-date">{takenText(p, lang, t)}</span>
        {p.wbs_code && <span className="gal-row">{p.wbs_code}</span>}
        {p.mine && (
          <button
            type="button"
            className="gal-del"
            onClick={onDelete}
            aria-label={t('delete_photo')}
            title={t('delete_photo')}
          >
            ×
          </button>
        )}
      </div>
    </li>
  );
}

/** `place`: the row's own schedule, version and id where the store's document is not one version. */
export function GalleryTab({
  rowId: shownId,
  lang,
  place,
}: {
  rowId: string;
  lang: 'en' | 'ru';
  place?: { versionId: string; rowId: string; scheduleId?: string } | undefined;
}) {
  const { t } = useGalleryT();
  const storeNode = useWorkbench((s) => s.version?.schedule_id ?? null);
  const storeVersion = useWorkbench((s) => s.versionId);
  const nodeId = place ? (place.scheduleId ?? null) : storeNode;
  const versionId = place ? place.versionId : storeVersion;
  const rowId = place ? place.rowId : shownId;
  const [wholeSchedule, setWholeSchedule] = useState(false);
  const [loaded, setLoaded] = useState<{ key: string; state: State } | null>(null);
  const [tick, setTick] = useState(0);
  const [opened, setOpened] = useState<{ key: string; index: number } | null>(null);
  const [note, setNote] = useState<{ kind: 'info' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const scopeRow = wholeSchedule ? null : rowId;
  const key = `${nodeId}:${scopeRow}`;
  const reload = () => setTick((n) => n + 1);

  // A result for a row or scope no longer in view is dropped; a reload keeps the old data shown.
  useEffect(() => {
    if (!nodeId) return;
    let live = true;
    loadGallery(nodeId, scopeRow).then(
      (data) => live && setLoaded({ key, state: { status: 'ready', data } }),
      (err: unknown) => live && setLoaded({ key, state: { status: 'error', message: failureText(err) } }),
    );
    return () => {
      live = false;
    };
  }, [key, nodeId, scopeRow, tick]);
  // Another member's comment or photo on this node shows at once (gallery_updated).
  useEffect(() => {
    if (!nodeId) return;
    return liveEvents.subscribe((e) => {
      if (e.event === 'gallery_updated' && e.ids.includes(nodeId)) setTick((n) => n + 1);
    });
  }, [nodeId]);
  const state: State = loaded?.key === key ? loaded.state : { status: 'loading' };
  const open = opened?.key === key ? opened.index : null;
  const setOpen = (index: number | null) => setOpened(index === null ? null : { key, index });

  const onFiles = async (e: ChangeEvent<HTMLInputElement>) => {
    const files = [...(e.target.files ?? [])];
    e.target.value = '';
    if (!nodeId || files.length === 0) return;
    const max = state.status === 'ready' ? state.data.maxSize : Infinity;
    setBusy(true);
    try {
      for (const file of files) {
        if (!IMAGE_TYPE.test(file.type) && file.type !== '') {
          setNote({ kind: 'error', text: t('not_image', { name: file.name }) });
          continue;
        }
        if (file.size > max) {
          setNote({
            kind: 'error',
            text: t('too_large', { name: file.name, max: Math.round(max / 1048576) }),
          });
          continue;
        }
        setNote({ kind: 'info', text: t('uploading', { name: file.name }) });
        try {
          await uploadPhoto(nodeId, file, { rowId, versionId });
          setNote({ kind: 'info', text: t('uploaded') });
        } catch (err) {
          setNote({ kind: 'error', text: t('upload_failed', { message: failureText(err) }) });
        }
      }
    } finally {
      setBusy(false);
      reload();
    }
  };

  const removePhoto = async (p: EpsPhoto) => {
    if (!nodeId) return;
    if (!(await confirm({ message: t('confirm_delete_photo'), submitLabel: t('delete') })).confirmed) return;
    try {
      await deletePhoto(nodeId, p.id);
    } catch (err) {
      setNote({ kind: 'error', text: t('save_failed', { message: failureText(err) }) });
    }
    reload();
  };

  if (!nodeId) return <p className="wb-dim">{t('loading')}</p>;
  const photos = state.status === 'ready' ? state.data.photos : [];
  return (
    <div className="gal">
      <div className="gal-bar">
        <div className="gal-scope" role="radiogroup" aria-label={t('scope')}>
          {([false, true] as const).map((all) => (
            <button
              key={String(all)}
              type="button"
              role="radio"
              aria-checked={wholeSchedule === all}
              className={`gal-scope-btn${wholeSchedule === all ? ' on' : ''}`}
              onClick={() => setWholeSchedule(all)}
            >
              {t(all ? 'scope_all' : 'scope_row')}
            </button>
          ))}
        </div>
        <button
          type="button"
          className="btn btn--primary btn--sm"
          disabled={busy}
          onClick={() => input.current?.click()}
        >
          {t('add_photo')}
        </button>
        <input
          ref={input}
          type="file"
          accept={ACCEPT}
          multiple
          hidden
          aria-label={t('add_photo')}
          data-testid="gallery-file"
          onChange={(e) => void onFiles(e)}
        />
        {note && (
          <span
            className={note.kind === 'error' ? 'gal-error' : 'gal-note'}
            role={note.kind === 'error' ? 'alert' : 'status'}
          >
            {note.text}
          </span>
        )}
      </div>
      {state.status === 'loading' ? (
        <p className="wb-dim">{t('loading')}</p>
      ) : state.status === 'error' ? (
        <p className="gal-error" role="alert">
          {t('load_failed', { message: state.message })}
        </p>
      ) : (
        <div className="gal-body">
          <section className="gal-photos" aria-label={t('photos')}>
            {photos.length === 0 ? (
              <div className="wb-tab-empty">
                <p>{t('no_photos')}</p>
                <p className="wb-dim">{t('no_photos_hint')}</p>
              </div>
            ) : (
              <ul className="gal-grid">
                {photos.map((p, i) => (
                  <Thumb
                    key={p.id}
                    p={p}
                    lang={lang}
                    onOpen={() => setOpen(i)}
                    onDelete={() => void removePhoto(p)}
                  />
                ))}
              </ul>
            )}
          </section>
          <Comments
            comments={state.data.comments}
            nodeId={nodeId}
            rowId={scopeRow}
            lang={lang}
            onChanged={reload}
          />
        </div>
      )}
      {open !== null && photos.length > 0 && (
        <Lightbox
          photos={photos}
          index={Math.min(open, photos.length - 1)}
          lang={lang}
          onIndex={setOpen}
          onClose={() => setOpen(null)}
        />
      )}
    </div>
  );
}
