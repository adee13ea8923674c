import { Link, useNavigate } from 'react-router';
import { setFlash } from '../../lib/flash';
import { queryClient } from '../../lib/query-client';
import { sessionStore } from '../../api/session';
import { buttonClass } from '../../ui/form-field';
import { MypageFrame } from '../../ui/mypage-frame';
import { MemorialForm } from './memorial-form';
import { memorialListQuery, useCreateMemorial, useMemorialList } from './memorial-queries';
import { EMPTY_MEMORIAL, limitText } from './memorial-schema';
import styles from './memorial.module.css';

export async function loader() {
  if (sessionStore.get().isLogin) await queryClient.ensureQueryData(memorialListQuery());
  return null;
}

export const MEMORIAL_ADDED_MESSAGE = '記念日を登録しました。';

/** 記念日の登録: a new memorial, unless the member already has as many as allowed. */
export function MemorialAddPage() {
  const { items, limit } = useMemorialList();
  const create = useCreateMemorial();
  const navigate = useNavigate();
  const full = limit !== null && items.length >= limit;

  return (
    <MypageFrame title="記念日の登録">
      {full ? (
        <>
          <p role="alert" className={styles.notice}>
            記念日は{limitText(limit)}。新しく登録するには、不要な記念日を削除してください。
          </p>
          <div className={styles.actions}>
            <Link to="/mypage/memorial" className={buttonClass.secondary}>
              記念日一覧に戻る
            </Link>
          </div>
        </>
      ) : (
        <MemorialForm
          label="記念日の登録"
          defaultValues={EMPTY_MEMORIAL}
          submitLabel="登録する"
          pending={create.isPending}
          onSave={async (input) => {
            await create.mutateAsync(input);
            setFlash(MEMORIAL_ADDED_MESSAGE);
            navigate('/mypage/memorial');
          }}
        />
      )}
    </MypageFrame>
  );
}

export { MemorialAddPage as Component };
