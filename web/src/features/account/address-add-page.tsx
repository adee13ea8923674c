import { Link, useNavigate } from 'react-router';
import { setFlash } from '../../lib/flash';
import { queryClient } from '../../lib/query-client';
import { sessionStore } from '../../api/session';
import { buttonClass } from '../../ui/form-field';
import { AddressForm } from './address-form';
import { addressBookQuery, useAddressBook, useCreateAddress } from './address-queries';
import { EMPTY_ADDRESS } from './address-schema';
import { MypageFrame } from '../../ui/mypage-frame';
import styles from './address.module.css';

export async function loader() {
  if (sessionStore.get().isLogin) await queryClient.ensureQueryData(addressBookQuery(1));
  return null;
}

export const ADDRESS_ADDED_MESSAGE = 'お届け先を登録しました。';

/** お届け先の登録: a new entry of the address book, unless the book is full. */
export function AddressAddPage() {
  const { pagination, limit } = useAddressBook(1);
  const create = useCreateAddress();
  const navigate = useNavigate();
  const full = pagination.total >= limit;

  return (
    <MypageFrame title="お届け先の登録">
      {full ? (
        <>
          <p role="alert" className={styles.notice}>
            お届け先は{limit}件まで登録できます。新しく登録するには、不要なお届け先を削除してください。
          </p>
          <div className={styles.actions}>
            <Link to="/mypage/address" className={buttonClass.secondary}>
              アドレス帳に戻る
            </Link>
          </div>
        </>
      ) : (
        <AddressForm
          label="お届け先の登録"
          defaultValues={EMPTY_ADDRESS}
          submitLabel="登録する"
          pending={create.isPending}
          onSave={async (input) => {
            await create.mutateAsync(input);
            setFlash(ADDRESS_ADDED_MESSAGE);
            navigate('/mypage/address');
          }}
        />
      )}
    </MypageFrame>
  );
}

export { AddressAddPage as Component };
