// Child process of the bench: the ceiling, a bare node:http hello route.
import { createServer } from 'node:http';

const server = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'text/plain' });
  response.end('hello');
});
server.listen(0, '127.0.0.1', () => process.send({ type: 'ready', port: server.address().port }));
process.on('message', (message) => {
  if (message.type === 'stop') server.close(() => process.send({ type: 'stopped' }, () => process.exit(0)));
});
