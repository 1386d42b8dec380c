import net from 'node:net';

/** A raw socket to the Plaza at `base`, once connected. */
export async function connectTo(base: string): Promise<net.Socket> {
  const { hostname, port } = new URL(base);
  const socket = net.connect(Number(port), hostname);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  return socket;
}

/**
 * A GraphQL POST to the Plaza at `base` whose body never finishes arriving: the server is
 * answering it (reading its body) until the socket closes. Resolves once it is written.
 */
export async function unfinishedGraphqlPost(base: string): Promise<net.Socket> {
  const socket = await connectTo(base);
  socket.write(
    [
      'POST /graphql HTTP/1.1',
      `Host: ${new URL(base).host}`,
      'Origin: http://plaza.test',
      'Content-Type: application/json',
      'Content-Length: 200',
      '',
      '{"query":',
    ].join('\r\n'),
  );
  return socket;
}
