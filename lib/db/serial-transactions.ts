// One statement at a time on a transaction's connection. Prisma's query plans load
// the relations of a query (`include`, nested selects) with one statement per relation, all at
// once (Promise.all); outside a transaction each takes its own pooled connection, but inside one
// they share the transaction's pg.Client, which queues them and warns, once per process,
// "Calling client.query() when the client is already executing a query is deprecated" (pg 9
// will refuse it). This adapter queues them itself, in the order they come: what pg did, without
// relying on what pg 9 removes.
import { PrismaPg } from "@prisma/adapter-pg";

type Adapter = Awaited<ReturnType<PrismaPg["connect"]>>;
type Transaction = Awaited<ReturnType<Adapter["startTransaction"]>>;

/** `tx` with its statements run one after the other (savepoints go through executeRaw too). */
function oneStatementAtATime(tx: Transaction): Transaction {
  let last: Promise<unknown> = Promise.resolve();
  const queued = <T>(run: () => Promise<T>): Promise<T> => {
    const next = last.then(run, run);
    last = next.catch(() => {});
    return next;
  };
  const queryRaw = tx.queryRaw.bind(tx);
  const executeRaw = tx.executeRaw.bind(tx);
  tx.queryRaw = (query) => queued(() => queryRaw(query));
  tx.executeRaw = (query) => queued(() => executeRaw(query));
  return tx;
}

/** PrismaPg whose interactive transactions run one statement at a time (oneStatementAtATime). */
export class SerialTransactionsPg extends PrismaPg {
  override async connect(): Promise<Adapter> {
    const adapter = await super.connect();
    const start = adapter.startTransaction.bind(adapter);
    adapter.startTransaction = async (isolationLevel) => oneStatementAtATime(await start(isolationLevel));
    return adapter;
  }
}
