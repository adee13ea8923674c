import { useNavigate, useParams, type LoaderFunctionArgs } from 'react-router';
import { useSettings } from '../../domain/site/site-queries';
import { setFlash } from '../../lib/flash';
import { queryClient } from '../../lib/query-client';
import { sessionStore } from '../../api/session';
import { AddressForm } from './address-form';
import { OWN_ADDRESS, addressQuery, useAddress, useUpdateAddress } from './address-queries';
import { addressFieldsOf } from './address-schema';
import { MypageFrame } from '../../ui/mypage-frame';
import styles from './address.module.css';

export async function loader({ params }: LoaderFunctionArgs) {
  if (sessionStore.get().isLogin && params.key) await queryClient.ensureQueryData(addressQuery(params.key));
  return null;
}

export const ADDRESS_SAVED_MESSAGE = 'お届け先を変更しました。';
export const OWN_ADDRESS_SAVED_MESSAGE = 'ご本人の住所を変更しました。会員情報にも反映されています。';

function EditForm({ id }: { id: string }) {
  const entry = useAddress(id);
  const corporate = useSettings()['SITE.IS_CORPORATE'];
  const update = useUpdateAddress(id);
  const navigate = useNavigate();
  const own = entry.division_ct === OWN_ADDRESS;

  return (
    <AddressForm
      // A refetched entry starts the form anew.
      key={entry.updated_at}
      label="お届け先の変更"
      defaultValues={addressFieldsOf(entry, corporate)}
      submitLabel="変更を保存する"
      pending={update.isPending}
      intro={
        own ? (
          <p className={styles.notice}>
            これはご本人の住所です。変更すると、会員情報のお名前・住所・電話番号も同じ内容に変更されます。
          </p>
        ) : null
      }
      onSave={async (input) => {
        await update.mutateAsync(input);
        setFlash(own ? OWN_ADDRESS_SAVED_MESSAGE : ADDRESS_SAVED_MESSAGE);
        navigate('/mypage/address');
      }}
    />
  );
}

/** お届け先の変更: one entry of the member's book (another member's answers 404). */
export function AddressEditPage() {
  const { key = '' } = useParams();
  return (
    <MypageFrame title="お届け先の変更">
      <EditForm id={key} />
    </MypageFrame>
  );
}

export { AddressEditPage as Component };
