/**
 * 商品の登録 (/admin/products/new) and 商品の編集 (/admin/products/:id). 登録 sends the form and
 * goes on to the new product's page. 編集 saves with the version it read: when someone else saved
 * first (409 `catalog.product.stale`) it says so and offers to read the product afresh. The edit
 * page also makes a 複製 (and opens it), switches 公開 / 非公開 at once, and links to the product
 * in the store. Staff without `catalog_edit` read the form but cannot change it.
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { AdminApiError, errorText } from '../api/admin-client';
import { useCan } from '../api/session-queries';
import { DateTime } from '../ui/date-time';
import { FormAlert, StatusNotice, ui } from '../ui/form';
import { LoadFailed, Loading } from '../ui/query-state';
import { applyProductErrors, ProductForm } from './product-form';
import {
  catalogOptionsQuery,
  isStale,
  productQuery,
  refreshProduct,
  useCreateProduct,
  useDuplicateProduct,
  useSetPublication,
  useUpdateProduct,
} from './product-queries';
import { emptyProduct, type ProductValues, productBody, productValues } from './product-schema';
import { StateBadge } from './product-state';
import type { AdminProduct } from './product-types';
import styles from './products.module.css';

/** What the page says when its save met a newer one. */
export const STALE_TEXT =
  '他の担当者がこの商品を先に保存しました。最新の内容を読み込んでから、もう一度変更してください（入力中の変更は破棄されます）。';

const NO_VARIATION = 'バリエーションを1行以上入力してください。';

/** The list's address the product was opened from (its search and tab), to go back to. */
function backSearch(state: unknown): string {
  const back = (state as { back?: unknown } | null)?.back;
  return typeof back === 'string' && (back === '' || back.startsWith('?')) ? back : '';
}

/** A message the previous screen left (登録しました, 複製しました). */
function arrivedNotice(state: unknown): string | null {
  const notice = (state as { notice?: unknown } | null)?.notice;
  return typeof notice === 'string' ? notice : null;
}

function BackLink() {
  const location = useLocation();
  return (
    <p className={styles.back}>
      <Link to={`/admin/products${backSearch(location.state)}`}>商品一覧へ戻る</Link>
    </p>
  );
}

function NotAllowed({ title, message }: { title: string; message: string }) {
  return (
    <>
      <title>{`${title} | 管理画面`}</title>
      <BackLink />
      <h1 className={styles.title}>{title}</h1>
      <p role="alert">{message}</p>
    </>
  );
}

// ---- 登録 ----------------------------------------------------------------------------------------

export function NewProductPage() {
  const allowed = useCan();
  if (!allowed('catalog_view') || !allowed('catalog_edit')) {
    return <NotAllowed title="商品の登録" message="商品を登録する権限がありません。" />;
  }
  return <NewProduct />;
}

function NewProduct() {
  const navigate = useNavigate();
  const location = useLocation();
  const options = useQuery(catalogOptionsQuery());
  const form = useForm<ProductValues>({ defaultValues: emptyProduct() });
  const create = useCreateProduct();
  const [alert, setAlert] = useState<string | null>(null);
  const [listError, setListError] = useState<string | null>(null);

  const submit = (values: ProductValues) => {
    setAlert(null);
    setListError(null);
    if (values.variations.length === 0) {
      setListError(NO_VARIATION);
      return;
    }
    create.mutate(productBody(values), {
      onSuccess: (product) =>
        void navigate(`/admin/products/${encodeURIComponent(product.id)}`, {
          replace: true,
          state: { back: backSearch(location.state), notice: `「${product.name}」を登録しました。` },
        }),
      onError: (error) => {
        const shown = applyProductErrors(form, error);
        setAlert(shown.alert);
        setListError(shown.listError);
      },
    });
  };

  return (
    <>
      <title>商品の登録 | 管理画面</title>
      <BackLink />
      <h1 className={styles.title}>商品の登録</h1>
      <ProductForm
        form={form}
        options={options}
        productId={null}
        saved={[]}
        readOnly={false}
        pending={create.isPending}
        submitLabel="登録する"
        listError={listError}
        status={<FormAlert message={alert} />}
        onSubmit={submit}
      >
        <Link to={`/admin/products${backSearch(location.state)}`} className={ui.secondary}>
          やめる
        </Link>
      </ProductForm>
    </>
  );
}

// ---- 編集 ----------------------------------------------------------------------------------------

export function ProductPage() {
  const { id = '' } = useParams();
  if (!useCan()('catalog_view')) {
    return <NotAllowed title="商品の編集" message="商品を閲覧する権限がありません。" />;
  }
  return <ProductLoader id={id} />;
}

function ProductLoader({ id }: { id: string }) {
  const product = useQuery(productQuery(id));
  if (product.data) return <ProductEditor key={id} product={product.data} />;
  return (
    <>
      <title>商品の編集 | 管理画面</title>
      <BackLink />
      <h1 className={styles.title}>商品の編集</h1>
      {product.isPending ? (
        <Loading label="商品を読み込み中…" />
      ) : product.error instanceof AdminApiError && product.error.status === 404 ? (
        <p role="alert">この商品は見つかりません。</p>
      ) : (
        <LoadFailed error={product.error} />
      )}
    </>
  );
}

function ProductEditor({ product }: { product: AdminProduct }) {
  const mayEdit = useCan()('catalog_edit');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const options = useQuery(catalogOptionsQuery());
  const form = useForm<ProductValues>({ defaultValues: productValues(product) });
  // The version this form was read at: a save against it fails when someone else saved since.
  const [version, setVersion] = useState(product.version);
  const [alert, setAlert] = useState<string | null>(null);
  const [listError, setListError] = useState<string | null>(null);
  // Where the save that met a newer one was asked: the toolbar (公開) or the form's button.
  const [stale, setStale] = useState<'top' | 'save' | null>(null);
  const [toolAlert, setToolAlert] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);
  const [topNotice, setTopNotice] = useState<string | null>(() => arrivedNotice(location.state));
  const [saveNotice, setSaveNotice] = useState<string | null>(null);
  const update = useUpdateProduct(product.id);
  const duplicate = useDuplicateProduct(product.id);
  const publication = useSetPublication(product.id);
  const busy = update.isPending || duplicate.isPending || publication.isPending;

  const clearMessages = () => {
    setAlert(null);
    setToolAlert(null);
    setListError(null);
    setTopNotice(null);
    setSaveNotice(null);
  };

  const failed = (error: unknown) => {
    if (isStale(error)) {
      setStale('save');
      return;
    }
    const shown = applyProductErrors(form, error);
    setAlert(shown.alert);
    setListError(shown.listError);
  };

  const submit = (values: ProductValues) => {
    clearMessages();
    if (values.variations.length === 0) {
      setListError(NO_VARIATION);
      return;
    }
    update.mutate(
      { body: productBody(values, product), version },
      {
        onSuccess: (saved) => {
          setVersion(saved.version);
          setStale(null);
          form.reset(productValues(saved));
          setSaveNotice(`「${saved.name}」を保存しました。`);
        },
        onError: failed,
      },
    );
  };

  async function reload() {
    setReloading(true);
    try {
      const fresh = await refreshProduct(queryClient, product.id);
      form.reset(productValues(fresh));
      setVersion(fresh.version);
      setStale(null);
      clearMessages();
      setTopNotice('最新の内容を読み込みました。');
    } catch (error) {
      setAlert(errorText(error));
    } finally {
      setReloading(false);
    }
  }

  const togglePublication = () => {
    clearMessages();
    publication.mutate(
      { isPublished: !product.is_published, version },
      {
        onSuccess: (saved) => {
          setVersion(saved.version);
          form.resetField('is_published', { defaultValue: saved.is_published });
          setTopNotice(saved.is_published ? '商品を公開しました。' : '商品を非公開にしました。');
        },
        onError: (error) => {
          if (isStale(error)) setStale('top');
          else setToolAlert(errorText(error));
        },
      },
    );
  };

  const makeCopy = () => {
    clearMessages();
    duplicate.mutate(undefined, {
      onSuccess: (copy) =>
        void navigate(`/admin/products/${encodeURIComponent(copy.id)}`, {
          state: {
            back: backSearch(location.state),
            notice: `「${product.name}」を複製しました（商品コード ${copy.code}、非公開）。`,
          },
        }),
      onError: (error) => setToolAlert(errorText(error)),
    });
  };

  const staleBox = (
    <div role="alert" className={styles.stale}>
      <p>{STALE_TEXT}</p>
      <button type="button" className={ui.button} disabled={reloading} onClick={() => void reload()}>
        {reloading ? '読み込んでいます…' : '最新の内容を読み込む'}
      </button>
    </div>
  );

  return (
    <>
      <title>{`${product.name} | 商品管理 | 管理画面`}</title>
      <BackLink />
      <h1 className={styles.title}>{product.name}</h1>
      <p className={styles.meta}>
        <span>商品コード {product.code}</span>
        <StateBadge state={product.state} />
        <span>
          更新 <DateTime value={product.updated_at} />
        </span>
      </p>
      <div className={styles.toolbar}>
        <a href={product.storefront_path} className={ui.secondary} target="_blank" rel="noopener noreferrer">
          ストアで見る<span className="visually-hidden">（新しいタブで開きます）</span>
        </a>
        {mayEdit ? (
          <>
            <button type="button" className={ui.secondary} disabled={busy} onClick={togglePublication}>
              {product.is_published ? '非公開にする' : '公開する'}
            </button>
            <button type="button" className={ui.secondary} disabled={busy} onClick={makeCopy}>
              {duplicate.isPending ? '複製しています…' : '複製'}
            </button>
          </>
        ) : null}
      </div>
      {mayEdit ? null : <p className={styles.hint}>商品を編集する権限がないため、閲覧のみできます。</p>}
      {stale === 'top' ? staleBox : null}
      <FormAlert message={toolAlert} />
      <StatusNotice message={topNotice} />

      <ProductForm
        form={form}
        options={options}
        productId={product.id}
        saved={product.variations}
        readOnly={!mayEdit}
        pending={update.isPending}
        submitLabel="保存する"
        listError={listError}
        status={
          <>
            {stale === 'save' ? staleBox : null}
            <FormAlert message={alert} />
            <StatusNotice message={saveNotice} />
          </>
        }
        onSubmit={submit}
      >
        <Link to={`/admin/products${backSearch(location.state)}`} className={ui.secondary}>
          一覧へ戻る
        </Link>
      </ProductForm>
    </>
  );
}
