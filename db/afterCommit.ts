import type { EventSubscriber, Transaction, TransactionEventArgs } from '@mikro-orm/postgresql';
import type { EntityManager } from './orm.js';

/**
 * Callbacks run once a transaction has committed, never after a rollback: the after-commit hook of
 * MikroORM's transaction events, for work that must not start before a write is visible to others
 * (the webhook dispatcher's prompt first attempt). In-process only; no durable work hangs on it.
 */

type Callback = () => void;

/** The callbacks waiting for each open transaction, by its transaction context (the driver's object). */
const waiting = new WeakMap<Transaction, Callback[]>();

function run(callbacks: readonly Callback[] | undefined): void {
  for (const callback of callbacks ?? []) {
    try {
      callback();
    } catch {
      // A listener's failure is its own: the write it follows has committed whatever happens here.
    }
  }
}

/** One subscriber for every EntityManager of an ORM (forks share their ORM's event manager). */
const subscriber: EventSubscriber = {
  afterTransactionCommit({ transaction }: TransactionEventArgs) {
    if (!transaction) return;
    const callbacks = waiting.get(transaction);
    waiting.delete(transaction);
    run(callbacks);
  },
  afterTransactionRollback({ transaction }: TransactionEventArgs) {
    if (transaction) waiting.delete(transaction);
  },
};

/**
 * Runs `callback` after the transaction `em` is in commits (at once, on a later tick, when `em` is
 * in none: its statements have committed already); never when it rolls back. In a nested
 * transaction (a savepoint), when the savepoint is released: early, then, but such a callback must
 * only prompt work that finds nothing before the outer commit (a wake-up, not a delivery).
 */
export function afterCommit(em: EntityManager, callback: Callback): void {
  const transaction = em.getTransactionContext<Transaction>();
  if (!transaction) {
    queueMicrotask(() => run([callback]));
    return;
  }
  em.getEventManager().registerSubscriber(subscriber);
  const callbacks = waiting.get(transaction);
  if (callbacks) callbacks.push(callback);
  else waiting.set(transaction, [callback]);
}
