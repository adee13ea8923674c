import { useNavigate, useParams, type LoaderFunctionArgs } from 'react-router';
import { setFlash } from '../../lib/flash';
import { queryClient } from '../../lib/query-client';
import { sessionStore } from '../../api/session';
import { MypageFrame } from '../../ui/mypage-frame';
import { MemorialForm } from './memorial-form';
import { memorialQuery, useMemorial, useUpdateMemorial } from './memorial-queries';
import { memorialFieldsOf } from './memorial-schema';

export async function loader({ params }: LoaderFunctionArgs) {
  if (sessionStore.get().isLogin && params.key) await queryClient.ensureQueryData(memorialQuery(params.key));
  return null;
}

export const MEMORIAL_SAVED_MESSAGE = '記念日を変更しました。';

function EditForm({ id }: { id: string }) {
  const memorial = useMemorial(id);
  const update = useUpdateMemorial(id);
  const navigate = useNavigate();
  return (
    <MemorialForm
      // A refetched memorial starts the form anew.
      key={memorial.updated_at}
      label="記念日の変更"
      defaultValues={memorialFieldsOf(memorial)}
      submitLabel="変更を保存する"
      pending={update.isPending}
      onSave={async (input) => {
        await update.mutateAsync(input);
        setFlash(MEMORIAL_SAVED_MESSAGE);
        navigate('/mypage/memorial');
      }}
    />
  );
}

/** 記念日の変更: one of the member's memorials (another member's answers 404). */
export function MemorialEditPage() {
  const { key = '' } = useParams();
  return (
    <MypageFrame title="記念日の変更">
      <EditForm id={key} />
    </MypageFrame>
  );
}

export { MemorialEditPage as Component };
