/**
 * お問い合わせ種別: the topics customers choose on the contact form, in their order. Staff whose
 * role has `shop_settings` (owner, manager) add, rename, move and delete them (a topic in use
 * cannot be deleted: the server says so); the others see the list only.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { errorText, fieldError } from '../api/admin-client';
import type { Topic } from '../api/admin-types';
import { useCan } from '../api/session-queries';
import { topicsQuery, useAddTopic, useDeleteTopic, useMoveTopic, useUpdateTopic } from '../api/topic-queries';
import { Field, FormAlert, StatusNotice, ui } from '../ui/form';
import { LoadFailed, Loading } from '../ui/query-state';
import styles from './topics.module.css';

const NAME_MAX = 50;

const nameRules = {
  validate: (value: string) => (value.trim() === '' ? '種別名を入力してください' : true),
  maxLength: { value: NAME_MAX, message: `種別名は${NAME_MAX}文字以内で入力してください` },
};

export function TopicsPage() {
  const mayManage = useCan()('shop_settings');
  const topics = useQuery(topicsQuery());
  const [notice, setNotice] = useState<string | null>(null);

  return (
    <>
      <title>お問い合わせ種別 | 管理画面</title>
      <h1>お問い合わせ種別</h1>
      <p className={styles.lead}>お問い合わせフォームでお客様が選ぶ種別です。この順に表示されます。</p>
      {mayManage ? null : (
        <p className={styles.readOnly}>種別の追加・変更・削除は店舗オーナーまたは店長のみ行えます。</p>
      )}
      <StatusNotice message={notice} />
      {topics.isPending ? (
        <Loading />
      ) : topics.isError ? (
        <LoadFailed error={topics.error} />
      ) : (
        <>
          {topics.data.length === 0 ? <p>種別はまだありません。</p> : null}
          <ol className={styles.list}>
            {topics.data.map((topic, index) =>
              mayManage ? (
                <EditableTopic key={topic.id} topics={topics.data} index={index} onDone={setNotice} />
              ) : (
                <li key={topic.id} className={styles.item}>
                  <span className={styles.name}>{topic.name}</span>
                </li>
              ),
            )}
          </ol>
          {mayManage ? <AddTopic onDone={setNotice} /> : null}
        </>
      )}
    </>
  );
}

interface EditableTopicProps {
  topics: readonly Topic[];
  index: number;
  onDone: (message: string) => void;
}

function EditableTopic({ topics, index, onDone }: EditableTopicProps) {
  const topic = topics[index] as Topic;
  const update = useUpdateTopic();
  const moveTopic = useMoveTopic();
  const remove = useDeleteTopic();
  const [mode, setMode] = useState<'view' | 'rename' | 'delete'>('view');
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<{ name: string }>({ values: { name: topic.name } });
  const failure = update.error ?? remove.error ?? moveTopic.error;

  function move(to: number) {
    moveTopic.mutate(
      { id: topic.id, position: to + 1 },
      { onSuccess: () => onDone(`「${topic.name}」を${to + 1}番目に移動しました。`) },
    );
  }

  return (
    <li className={styles.item}>
      {mode === 'rename' ? (
        <form
          className={styles.rename}
          noValidate
          aria-label={`「${topic.name}」の名前を変更`}
          onSubmit={handleSubmit(({ name }) =>
            update.mutate(
              { id: topic.id, name: name.trim() },
              {
                onSuccess: () => {
                  setMode('view');
                  onDone(`種別名を「${name.trim()}」に変更しました。`);
                },
              },
            ),
          )}
        >
          <Field label="新しい種別名" error={errors.name?.message ?? fieldError(update.error, 'name')}>
            {(control) => <input {...control} type="text" {...register('name', nameRules)} />}
          </Field>
          <div className={ui.actions}>
            <button type="submit" className={ui.button} disabled={update.isPending}>
              保存
            </button>
            <button type="button" className={ui.secondary} onClick={() => setMode('view')}>
              やめる
            </button>
          </div>
        </form>
      ) : (
        <div className={styles.row}>
          <span className={styles.name}>{topic.name}</span>
          <div className={styles.tools}>
            <button
              type="button"
              className={ui.secondary}
              aria-label={`「${topic.name}」を上へ`}
              disabled={index === 0 || moveTopic.isPending}
              onClick={() => move(index - 1)}
            >
              ↑
            </button>
            <button
              type="button"
              className={ui.secondary}
              aria-label={`「${topic.name}」を下へ`}
              disabled={index === topics.length - 1 || moveTopic.isPending}
              onClick={() => move(index + 1)}
            >
              ↓
            </button>
            <button
              type="button"
              className={ui.secondary}
              aria-label={`「${topic.name}」の名前を変更`}
              onClick={() => setMode('rename')}
            >
              名前を変更
            </button>
            <button
              type="button"
              className={ui.danger}
              aria-label={`「${topic.name}」を削除`}
              onClick={() => setMode('delete')}
            >
              削除
            </button>
          </div>
        </div>
      )}
      {mode === 'delete' ? (
        <div className={styles.confirm}>
          <p>「{topic.name}」を削除しますか？お問い合わせで使われている種別は削除できません。</p>
          <div className={ui.actions}>
            <button
              type="button"
              className={ui.danger}
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(topic.id, {
                  onSuccess: () => onDone(`「${topic.name}」を削除しました。`),
                  onError: () => setMode('view'),
                })
              }
            >
              削除する
            </button>
            <button type="button" className={ui.secondary} onClick={() => setMode('view')}>
              やめる
            </button>
          </div>
        </div>
      ) : null}
      {failure && !fieldError(failure, 'name') ? (
        <p role="alert" className={styles.error}>
          {errorText(failure)}
        </p>
      ) : null}
    </li>
  );
}

function AddTopic({ onDone }: { onDone: (message: string) => void }) {
  const add = useAddTopic();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<{ name: string }>({ defaultValues: { name: '' } });
  return (
    <form
      className={styles.add}
      noValidate
      aria-label="種別を追加"
      onSubmit={handleSubmit(({ name }) =>
        add.mutate(name.trim(), {
          onSuccess: () => {
            reset();
            onDone(`種別「${name.trim()}」を追加しました。`);
          },
        }),
      )}
    >
      <h2>種別を追加</h2>
      <FormAlert message={add.error && !fieldError(add.error, 'name') ? errorText(add.error) : null} />
      <Field label="種別名" error={errors.name?.message ?? fieldError(add.error, 'name')}>
        {(control) => <input {...control} type="text" {...register('name', nameRules)} />}
      </Field>
      <button type="submit" className={ui.button} disabled={add.isPending}>
        追加
      </button>
    </form>
  );
}
