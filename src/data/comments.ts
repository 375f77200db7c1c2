/**
 * An event's thread for its sheet (docs/rules.md#talking-around-an-event): read from the cache, offline too,
 * and from the server when online; written through the outbox, in the comments' own lane (core/drain.ts), so
 * a message typed with no signal leaves with the network, and the user's queued and refused messages show in
 * the thread until the server takes them or the user drops them. Edits and deletes need the network. Imported
 * by the thread's own chunk only: the week's first paint never carries it.
 */
import {
  type Comment,
  commentListSchema,
  commentPath,
  commentSchema,
  commentsPath,
} from '@common/contract/comments';
import { readErrorBody } from '@common/contract/errors';
import { isCleanName } from '@common/contract/fields';
import { LIMITS } from '@common/contract/limits';
import type { User } from '@common/contract/user';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useRef, useState } from 'react';
import { afterNextPaint } from './core/after-paint';
import { apiRequest } from './core/api-client';
import { forgetComment, storeThread } from './core/comment-cache';
import { useConnectivityStore } from './core/connectivity';
import { appDb, type OutboxRow } from './core/db';
import { withDrainLock } from './core/drain-lock';
import { enqueueWrite } from './core/outbox';
import { queueAndDeliver } from './core/sync';

export type { Comment };

/** One of the user's own comments still in the outbox. */
export interface QueuedComment {
  outboxId: number;
  text: string;
  /** The child it is written for, when a guardian wrote in their place. */
  actingFor: string | null;
  createdAt: number;
  /** `pending` until the server takes it; `refused` (final) with the server's code. */
  state: 'pending' | 'refused';
  code: string | null;
  /** Waiting out the member's hourly limit (429): it leaves by itself later. */
  isLimited: boolean;
}

export type ThreadEntry = { kind: 'comment'; comment: Comment } | { kind: 'queued'; queued: QueuedComment };

const codeOf = (lastError: string | null): string | null => {
  try {
    return readErrorBody(JSON.parse(lastError ?? 'null'))?.code ?? null;
  } catch {
    return null;
  }
};

/** The thread as shown: the server's comments oldest first, then the user's queued ones in the order written. */
export function threadEntries(comments: Comment[], rows: OutboxRow[]): ThreadEntry[] {
  // Each time read once: a long thread sorted with Date.parse in the comparison read each one a dozen times.
  const sent = comments
    .map((comment) => ({ comment, at: Date.parse(comment.created_at) }))
    .sort((a, b) => a.at - b.at || a.comment.id.localeCompare(b.comment.id))
    .map(({ comment }) => comment);
  const queued = [...rows]
    .sort((a, b) => (a.id ?? 0) - (b.id ?? 0))
    .flatMap((row): ThreadEntry[] =>
      row.kind === 'comment'
        ? [
            {
              kind: 'queued',
              queued: {
                outboxId: row.id ?? 0,
                text: row.body.text,
                actingFor: row.body.acting_for ?? null,
                createdAt: row.createdAt,
                state: row.status === 'failed' ? 'refused' : 'pending',
                code: row.status === 'failed' ? (codeOf(row.lastError) ?? 'server_error') : null,
                isLimited: row.status === 'pending' && row.lastError === '429',
              },
            },
          ]
        : [],
    );
  return [...sent.map((comment): ThreadEntry => ({ kind: 'comment', comment })), ...queued];
}

/**
 * The server's thread into the cache. Under the drain's lock, as every read: a comment delivered between the
 * GET and the store would otherwise vanish from the thread until the next read. `onRead` hears of the thread
 * before it is stored, so the sheet shows it without waiting for the cache's write.
 */
export function refreshComments(eventUuid: string, onRead?: (comments: Comment[]) => void): Promise<void> {
  return withDrainLock(async () => {
    const comments = await apiRequest('GET', commentsPath(eventUuid), { schema: commentListSchema });
    if (onRead) {
      onRead(comments);
      // Stored once the thread is on screen: writing a long thread takes the main thread a while.
      await new Promise<void>((resolve) => afterNextPaint(resolve));
    }
    await storeThread(appDb(), eventUuid, comments);
  });
}

/** Where this sheet's read of the thread stands; the cached thread shows whatever it says. */
export type ThreadRead = 'reading' | 'read' | 'failed' | 'offline';

/** The event's thread for `userId` (their queued comments included), undefined while the cache opens. */
export function useEventComments(
  eventUuid: string,
  userId: string,
): { entries: ThreadEntry[] | undefined; read: ThreadRead } {
  const isOnline = useConnectivityStore((s) => s.isOnline);
  const kept = useLiveQuery(async () => {
    const db = appDb();
    const [comments, rows] = await Promise.all([
      db.comments.where('uuid_event').equals(eventUuid).toArray(),
      db.outbox
        .where('userId')
        .equals(userId)
        .filter((row) => row.kind === 'comment' && row.eventUuid === eventUuid)
        .toArray(),
    ]);
    return { comments, rows };
  }, [eventUuid, userId]);
  // The thread just read, shown without waiting for the cache's write; once written, the cache's next change
  // (an edit, a delivery, the write itself) takes over. `keptWhenStored`: what the cache showed at that moment.
  const [fresh, setFresh] = useState<{ comments: Comment[]; keptWhenStored?: typeof kept } | null>(null);
  const keptNow = useRef(kept);
  keptNow.current = kept;
  const entries = useMemo(() => {
    if (!kept) return undefined;
    const showsFresh = fresh && (!('keptWhenStored' in fresh) || fresh.keptWhenStored === kept);
    return threadEntries(showsFresh ? fresh.comments : kept.comments, kept.rows);
  }, [kept, fresh]);
  const [read, setRead] = useState<ThreadRead>(isOnline ? 'reading' : 'offline');
  // Read again when the network comes back: the thread may have moved meanwhile.
  useEffect(() => {
    if (!isOnline) {
      setRead('offline');
      return;
    }
    let isCurrent = true;
    setRead('reading');
    refreshComments(eventUuid, (comments) => {
      if (!isCurrent) return;
      setFresh({ comments });
      setRead('read');
    }).then(
      () => {
        if (!isCurrent) return;
        setFresh((shown) => shown && { comments: shown.comments, keptWhenStored: keptNow.current });
        setRead('read');
      },
      () => {
        if (!isCurrent) return;
        setFresh(null);
        setRead('failed');
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [eventUuid, isOnline]);
  return { entries, read };
}

/** What the server would refuse in a comment's text, asked before it is queued (a refusal comes back late). */
export function commentProblem(text: string): 'empty' | 'too_long' | 'invalid_characters' | null {
  const trimmed = text.trim();
  if (trimmed.length === 0) return 'empty';
  if (trimmed.length > LIMITS.commentMax) return 'too_long';
  return isCleanName(trimmed) ? null : 'invalid_characters';
}

/**
 * Queues a comment by `user` (for the child `actingFor`, a guardian writing in their place): shown in the
 * thread at once, sent now when online, else with the network. Settles once it is kept on this device.
 */
export async function postComment(
  user: User,
  eventUuid: string,
  draft: { text: string; actingFor: string | null },
): Promise<void> {
  const body = {
    uuid_event: eventUuid,
    text: draft.text.trim(),
    ...(draft.actingFor ? { acting_for: draft.actingFor } : {}),
  };
  await queueAndDeliver(enqueueWrite(appDb(), user, { kind: 'comment', body }));
}

/** A refused comment the user lets go (its text was shown with the reason until now). */
export async function discardComment(outboxId: number): Promise<void> {
  await appDb().outbox.delete(outboxId);
}

/** Online only: the author's new text (409 `thread_closed` once the thread is closed). */
export async function editComment(comment: Comment, text: string): Promise<void> {
  const saved = await apiRequest('PUT', commentPath(comment.id), {
    body: { text: text.trim() },
    schema: commentSchema,
  });
  // Under the lock a thread read holds until its answer is stored: a read sent before the edit cannot land after.
  await withDrainLock(() => appDb().comments.put(saved));
}

/** Online only: by its author, the event's organisers or an Admin. */
export async function deleteComment(comment: Comment): Promise<void> {
  await apiRequest('DELETE', commentPath(comment.id));
  await withDrainLock(() => forgetComment(appDb(), comment));
}
