import { Link, useNavigate, useSearchParams } from 'react-router';
import { embroideryPresetsQuery } from '../../domain/name-embroidery/name-embroidery-queries';
import { setFlash } from '../../lib/flash';
import { queryClient } from '../../lib/query-client';
import { sessionStore } from '../../api/session';
import { buttonClass } from '../../ui/form-field';
import { MypageFrame } from '../../ui/mypage-frame';
import { NameEmbroideryForm } from './name-embroidery-form';
import { useCreatePreset, useEmbroideryPresets, useUpdatePreset } from './name-embroidery-queries';
import { EMPTY_EMBROIDERY, embroideryFieldsOf, limitText } from './name-embroidery-schema';
import styles from './name-embroidery.module.css';

export async function loader() {
  if (sessionStore.get().isLogin) await queryClient.ensureQueryData(embroideryPresetsQuery());
  return null;
}

export const PRESET_ADDED_MESSAGE = '名入れ刺繍を登録しました。';
export const PRESET_SAVED_MESSAGE = '名入れ刺繍を変更しました。';
const LIST_PATH = '/mypage/name-embroidery';

function BackLink() {
  return (
    <div className={styles.actions}>
      <Link to={LIST_PATH} className={buttonClass.secondary}>
        名入れ刺繍一覧に戻る
      </Link>
    </div>
  );
}

function AddForm() {
  const { items, limit, options } = useEmbroideryPresets();
  const create = useCreatePreset();
  const navigate = useNavigate();
  if (items.length >= limit) {
    return (
      <>
        <p role="alert" className={styles.notice}>
          名入れ刺繍は{limitText(limit)}。新しく登録するには、不要な名入れ刺繍を削除してください。
        </p>
        <BackLink />
      </>
    );
  }
  return (
    <NameEmbroideryForm
      label="名入れ刺繍の登録"
      options={options}
      defaultValues={EMPTY_EMBROIDERY}
      submitLabel="登録する"
      pending={create.isPending}
      onSave={async (input) => {
        await create.mutateAsync(input);
        setFlash(PRESET_ADDED_MESSAGE);
        navigate(LIST_PATH);
      }}
    />
  );
}

function EditForm({ id }: { id: string }) {
  const { items, options } = useEmbroideryPresets();
  const update = useUpdatePreset(id);
  const navigate = useNavigate();
  const preset = items.find((item) => item.id === id);
  if (!preset) {
    return (
      <>
        <p role="alert" className={styles.notice}>
          この名入れ刺繍は見つかりませんでした。削除された可能性があります。
        </p>
        <BackLink />
      </>
    );
  }
  return (
    <NameEmbroideryForm
      // A refetched preset starts the form anew.
      key={preset.updated_at}
      label="名入れ刺繍の変更"
      options={options}
      defaultValues={embroideryFieldsOf(preset)}
      submitLabel="変更を保存する"
      pending={update.isPending}
      onSave={async (input) => {
        await update.mutateAsync(input);
        setFlash(PRESET_SAVED_MESSAGE);
        navigate(LIST_PATH);
      }}
    />
  );
}

/** 名入れ刺繍の登録, or with `?id=` the change of one of the member's presets. */
export function NameEmbroideryEditPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  return (
    <MypageFrame title={id ? '名入れ刺繍の変更' : '名入れ刺繍の登録'}>
      {id ? <EditForm id={id} /> : <AddForm />}
    </MypageFrame>
  );
}

export { NameEmbroideryEditPage as Component };
