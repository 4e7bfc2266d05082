// A TCP relay in front of PostgreSQL that counts the statements an instance of the service sends
// which name a table (how many times one request reads the dashboard's session). It
// reads the client's side of the wire protocol: after the untyped startup (and SSL request)
// messages, each message is a type byte and a length; a statement's text is in Parse ('P') and
// simple Query ('Q') messages. Only the instance given the relay's address talks through it.
import net from "node:net";

export interface StatementCounter {
  /** DATABASE_URL for the instance to count: the database's, through the relay. */
  url: string;
  /** Statements naming `needle` since the last reset. */
  count(): number;
  reset(): void;
  close(): Promise<void>;
}

const SSL_REQUEST = 80877103;
const GSS_REQUEST = 80877104;

export async function countStatements(databaseUrl: string, needle: string): Promise<StatementCounter> {
  const target = new URL(databaseUrl);
  let count = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(upstream);
    let buffer = Buffer.alloc(0);
    let started = false;
    client.on("data", (chunk) => {
      upstream.write(chunk);
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        if (!started) {
          if (buffer.length < 8) break;
          const length = buffer.readInt32BE(0);
          if (buffer.length < length) break;
          const code = buffer.readInt32BE(4);
          started = code !== SSL_REQUEST && code !== GSS_REQUEST;
          buffer = buffer.subarray(length);
          continue;
        }
        if (buffer.length < 5) break;
        const length = buffer.readInt32BE(1);
        if (buffer.length < 1 + length) break;
        const type = String.fromCharCode(buffer[0]);
        if ((type === "P" || type === "Q") && buffer.subarray(5, 1 + length).includes(needle)) count++;
        buffer = buffer.subarray(1 + length);
      }
    });
    upstream.on("data", (chunk) => client.write(chunk));
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on("close", end).on("error", end);
    upstream.on("close", end).on("error", end);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const relayed = new URL(databaseUrl);
  relayed.hostname = "127.0.0.1";
  relayed.port = String((server.address() as net.AddressInfo).port);
  return {
    url: relayed.toString(),
    count: () => count,
    reset: () => {
      count = 0;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
