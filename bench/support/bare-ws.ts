/**
 * The baseline of bench/fanout.ts: a bare `ws` server in its own process
 * (`node bench/support/bare-ws.ts <port>`) that sends every message it receives to every connected
 * client: what a broadcast costs with no Plaza in it (no GraphQL, no access checks, no database).
 */
import { WebSocketServer, type WebSocket } from 'ws';

const port = Number(process.argv[2] ?? 3454);
const server = new WebSocketServer({ host: '127.0.0.1', port });
const clients = new Set<WebSocket>();
server.on('connection', (socket) => {
  clients.add(socket);
  socket.on('close', () => clients.delete(socket));
  socket.on('message', (data, isBinary) => {
    for (const client of clients) client.send(data, { binary: isBinary });
  });
});
server.on('listening', () => console.log(`bare ws on ${port}`));
