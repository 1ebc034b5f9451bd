import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import {
  createOutboundClient,
  OutboundError,
  type OutboundLookup,
  outboundFetch,
  outboundUrlRefusal,
} from './outbound.ts';

// Local servers on 127.0.0.1, which the client reaches only because the tests allow it.
const allow = ['127.0.0.1'];
const servers: Server[] = [];

async function serve(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function failure(promise: Promise<unknown>): Promise<OutboundError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(OutboundError);
  return err as OutboundError;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString()));
  });
}

describe('refused addresses', () => {
  const refused = [
    '127.0.0.1',
    '127.0.0.2',
    '10.0.0.1',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '224.0.0.1',
    '240.0.0.1',
    '255.255.255.255',
    '0.0.0.0',
    '[::]',
    '[::1]',
    '[::ffff:127.0.0.1]',
    '[::ffff:a9fe:a9fe]',
    '[64:ff9b::a00:1]',
    '[fe80::1]',
    '[fc00::1]',
    '[fd12:3456::1]',
    '[ff02::1]',
    // Other spellings of 127.0.0.1 that the URL parser turns into it.
    '2130706433',
    '0x7f.1',
  ];

  it.each(refused)('refuses http://%s/ before connecting', async (host) => {
    const err = await failure(outboundFetch(`http://${host}:9/`, { timeoutMs: 2000 }));
    expect(err.code).toBe('refused_address');
    expect(err.message).toMatch(/^Адрес .+ запрещён: /);
  });

  it('names the reason in Russian', async () => {
    const err = await failure(outboundFetch('http://127.0.0.2/'));
    expect(err.message).toBe('Адрес 127.0.0.2 запрещён: внутренняя сеть (127.0.0.0/8)');
    expect((await failure(outboundFetch('http://169.254.169.254/latest/meta-data/'))).message).toContain(
      'локальный адрес канала',
    );
  });

  it('refuses a name that resolves to an internal address, checked when connecting', async () => {
    const lookup: OutboundLookup = async () => [{ address: '192.168.0.10', family: 4 }];
    const err = await failure(outboundFetch('http://printer.example/', { lookup }));
    expect(err.code).toBe('refused_address');
    expect(err.message).toContain('192.168.0.10');
    expect(err.message).toContain('printer.example');
  });

  it('refuses a name when any of its addresses is internal', async () => {
    const lookup: OutboundLookup = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '::1', family: 6 },
    ];
    expect((await failure(outboundFetch('http://mixed.example/', { lookup }))).code).toBe('refused_address');
  });

  it('defeats DNS rebinding: public when saved, private when it fires', async () => {
    let calls = 0;
    const lookup: OutboundLookup = async () =>
      calls++ === 0 ? [{ address: '93.184.216.34', family: 4 }] : [{ address: '10.0.0.5', family: 4 }];
    expect(await outboundUrlRefusal('http://rebind.example/hook', { lookup })).toBeNull();
    const err = await failure(outboundFetch('http://rebind.example/hook', { lookup }));
    expect(err.code).toBe('refused_address');
    expect(err.message).toContain('10.0.0.5');
    expect(calls).toBe(2);
  });

  it('connects to the address the checked lookup gave, with the name as Host', async () => {
    const base = await serve((req, res) => res.end(req.headers.host));
    const port = new URL(base).port;
    const lookup: OutboundLookup = async () => [{ address: '127.0.0.1', family: 4 }];
    const answer = await outboundFetch(`http://hook.example:${port}/`, { lookup, allow });
    expect(answer.body.toString()).toBe(`hook.example:${port}`);
  });

  it('lets OUTBOUND_ALLOW_HOSTS addresses and ranges through', async () => {
    const base = await serve((_req, res) => res.end('ok'));
    expect((await outboundFetch(base, { allow: ['127.0.0.0/8'] })).body.toString()).toBe('ok');
    expect((await outboundFetch(base, { allow: ['::ffff:127.0.0.0/104'] })).body.toString()).toBe('ok');
    // The allowance is exact: 127.0.0.1 does not open 127.0.0.2.
    expect((await failure(outboundFetch('http://127.0.0.2/', { allow }))).code).toBe('refused_address');
    // An IPv4-mapped spelling of an allowed address is that address.
    expect(await outboundUrlRefusal('http://[::ffff:127.0.0.1]/', { allow })).toBeNull();
  });
});

describe('schemes and URLs', () => {
  it.each(['file:///etc/passwd', 'ftp://example.com/x', 'javascript:alert(1)', 'data:text/plain,hi'])(
    'refuses %s',
    async (url) => {
      const err = await failure(outboundFetch(url));
      expect(err.code).toBe('scheme');
      expect(err.message).toMatch(/^Разрешены только адреса http и https/);
    },
  );

  it('refuses what is not a URL', async () => {
    expect((await failure(outboundFetch('not a url'))).code).toBe('bad_url');
  });
});

describe('redirects', () => {
  it('follows up to 5 and fails on the 6th', async () => {
    let hits = 0;
    const base = await serve((_req, res) => {
      hits++;
      res.writeHead(302, { location: '/loop' }).end();
    });
    const err = await failure(outboundFetch(`${base}/loop`, { allow }));
    expect(err.code).toBe('too_many_redirects');
    expect(hits).toBe(6);
  });

  it('checks every hop: a redirect to 127.0.0.2 is refused', async () => {
    const base = await serve((_req, res) => res.writeHead(301, { location: 'http://127.0.0.2/admin' }).end());
    const err = await failure(outboundFetch(base, { allow }));
    expect(err.code).toBe('refused_address');
    expect(err.message).toContain('127.0.0.2');
  });

  it('drops credentials on a hop to another origin', async () => {
    const other = await serve((req, res) => res.end(String(req.headers.authorization ?? 'нет')));
    const base = await serve((req, res) => {
      if (req.url === '/same') res.writeHead(307, { location: '/echo' }).end();
      else if (req.url === '/echo') res.end(String(req.headers.authorization ?? 'нет'));
      else res.writeHead(308, { location: `${other}/` }).end();
    });
    const headers = { Authorization: 'Bearer x' };
    expect((await outboundFetch(`${base}/same`, { allow, headers })).body.toString()).toBe('Bearer x');
    expect((await outboundFetch(`${base}/away`, { allow, headers })).body.toString()).toBe('нет');
  });

  it('checks the scheme of every hop', async () => {
    const base = await serve((_req, res) => res.writeHead(302, { location: 'file:///etc/passwd' }).end());
    expect((await failure(outboundFetch(base, { allow }))).code).toBe('scheme');
  });

  it('turns a POST into a GET without body on 303, keeps it on 307, resolves relative locations', async () => {
    const seen: string[] = [];
    const base = await serve(async (req, res) => {
      const body = await readBody(req);
      seen.push(`${req.method} ${req.url} ${body}`);
      if (req.url === '/a') res.writeHead(307, { location: 'b' }).end();
      else if (req.url === '/b') res.writeHead(303, { location: '/c?x=1' }).end();
      else res.end(JSON.stringify({ method: req.method, type: req.headers['content-type'] ?? null }));
    });
    const answer = await outboundFetch(`${base}/a`, { allow, json: { n: 1 } });
    expect(seen).toEqual(['POST /a {"n":1}', 'POST /b {"n":1}', 'GET /c?x=1 ']);
    expect(JSON.parse(answer.body.toString())).toEqual({ method: 'GET', type: null });
    expect(answer.finalUrl).toBe(`${base}/c?x=1`);
  });
});

describe('limits', () => {
  it('fails at the deadline when the server never answers', async () => {
    const base = await serve(() => {});
    const err = await failure(outboundFetch(base, { allow, timeoutMs: 300 }));
    expect(err.code).toBe('timeout');
    expect(err.message).toBe('Превышено время ожидания (0,3 с)');
  });

  it('fails at the deadline on a slow-loris body', async () => {
    const timers: NodeJS.Timeout[] = [];
    const base = await serve((_req, res) => {
      res.writeHead(200);
      timers.push(setInterval(() => res.write('x'), 50));
      res.on('close', () => timers.forEach(clearInterval));
    });
    const err = await failure(outboundFetch(base, { allow, timeoutMs: 400 }));
    expect(err.code).toBe('timeout');
  });

  it('stops reading a body past the limit', async () => {
    const base = await serve((_req, res) => {
      const chunk = Buffer.alloc(1024 * 1024, 'a');
      res.writeHead(200);
      let sent = 0;
      const pump = () => {
        while (sent < 20 && res.write(chunk)) sent++;
        if (sent >= 20) res.end();
        else
          res.once('drain', () => {
            sent++;
            pump();
          });
      };
      pump();
    });
    const err = await failure(outboundFetch(base, { allow }));
    expect(err.code).toBe('too_large');
    expect(err.message).toBe('Ответ больше 10 МБ');
  });

  it('refuses a Content-Length past the limit up front', async () => {
    const base = await serve((_req, res) => {
      res.writeHead(200, { 'content-length': String(20 * 1024 * 1024) });
      res.write('a');
    });
    expect((await failure(outboundFetch(base, { allow, timeoutMs: 2000 }))).code).toBe('too_large');
  });

  it('counts the decoded size: a gzip bomb stops at the limit', async () => {
    const bomb = gzipSync(Buffer.alloc(50 * 1024 * 1024));
    expect(bomb.length).toBeLessThan(200 * 1024);
    const base = await serve((_req, res) => res.writeHead(200, { 'content-encoding': 'gzip' }).end(bomb));
    const err = await failure(outboundFetch(base, { allow }));
    expect(err.code).toBe('too_large');
  });

  it('decodes gzip, deflate and br answers', async () => {
    const text = JSON.stringify({ text: 'Привет, мир'.repeat(50) });
    const accepted: (string | undefined)[] = [];
    const base = await serve((req, res) => {
      accepted.push(req.headers['accept-encoding']);
      if (req.url === '/br') res.writeHead(200, { 'content-encoding': 'br' }).end(brotliCompressSync(text));
      else if (req.url === '/deflate')
        res.writeHead(200, { 'content-encoding': 'deflate' }).end(deflateSync(text));
      else res.writeHead(200, { 'content-encoding': 'gzip' }).end(gzipSync(text));
    });
    for (const path of ['/br', '/deflate', '/gzip']) {
      expect((await outboundFetch(`${base}${path}`, { allow })).body.toString()).toBe(text);
    }
    expect(accepted).toEqual(['gzip, deflate, br', 'gzip, deflate, br', 'gzip, deflate, br']);
  });
});

describe('answers', () => {
  it('sends a JSON POST with headers and reads the answer', async () => {
    const base = await serve(async (req, res) => {
      const body = JSON.parse(await readBody(req));
      res.writeHead(201, { 'content-type': 'application/json', 'x-echo': String(req.headers['x-token']) });
      res.end(JSON.stringify({ got: body, type: req.headers['content-type'], method: req.method }));
    });
    const answer = await outboundFetch(`${base}/hook`, {
      allow,
      json: { alert: 'Новое сообщение', id: 7 },
      headers: { 'X-Token': 'секрет'.length.toString() },
    });
    expect(answer.status).toBe(201);
    expect(answer.headers['x-echo']).toBe('6');
    expect(JSON.parse(answer.body.toString())).toEqual({
      got: { alert: 'Новое сообщение', id: 7 },
      type: 'application/json',
      method: 'POST',
    });
    expect(answer.finalUrl).toBe(`${base}/hook`);
  });

  it('returns a 500 as a status, not an error', async () => {
    const base = await serve((_req, res) => res.writeHead(500).end('сломалось'));
    const answer = await outboundFetch(base, { allow });
    expect(answer.status).toBe(500);
    expect(answer.body.toString()).toBe('сломалось');
  });

  it('fails with network when nobody listens', async () => {
    const base = await serve(() => {});
    const port = new URL(base).port;
    const closed = servers.pop() as Server;
    await new Promise((resolve) => closed.close(resolve));
    expect((await failure(outboundFetch(`http://127.0.0.1:${port}/`, { allow }))).code).toBe('network');
  });
});

describe('the check when a URL is saved', () => {
  it('names the reason for a refused scheme or address, null for a public one', async () => {
    expect(await outboundUrlRefusal('ftp://example.com/')).toMatch(/^Разрешены только адреса http и https/);
    expect(await outboundUrlRefusal('http://10.0.0.1/hook')).toBe(
      'Адрес 10.0.0.1 запрещён: внутренняя сеть (10.0.0.0/8)',
    );
    expect(await outboundUrlRefusal('https://93.184.216.34/hook')).toBeNull();
    expect(await outboundUrlRefusal('http://10.0.0.1/hook', { allow: ['10.0.0.0/8'] })).toBeNull();
  });

  it('checks what a name resolves to, and lets an unresolvable one through to the connect-time check', async () => {
    const intranet: OutboundLookup = async () => [{ address: '172.20.1.1', family: 4 }];
    expect(await outboundUrlRefusal('https://wiki.corp/hook', { lookup: intranet })).toMatch(
      /^Адрес 172\.20\.1\.1 сервера wiki\.corp запрещён: внутренняя сеть \(172\.16\.0\.0\/12\)$/,
    );
    const missing: OutboundLookup = async () => Promise.reject(new Error('ENOTFOUND'));
    expect(await outboundUrlRefusal('https://gone.example/hook', { lookup: missing })).toBeNull();
  });

  it('is bound to the settings by createOutboundClient', async () => {
    const base = await serve((_req, res) => res.end('ok'));
    const client = createOutboundClient({ allow });
    expect(await client.urlRefusal(base)).toBeNull();
    expect((await client.fetch(base)).body.toString()).toBe('ok');
    expect(await createOutboundClient().urlRefusal(base)).toMatch(/запрещён/);
  });
});

describe('OUTBOUND_ALLOW_HOSTS', () => {
  it('reads a comma list of addresses and CIDR ranges', () => {
    expect(loadConfig({}).outboundAllowHosts).toEqual([]);
    expect(
      loadConfig({ OUTBOUND_ALLOW_HOSTS: ' 10.1.2.3, 192.168.0.0/16 ,fd00::/8,::1' }).outboundAllowHosts,
    ).toEqual(['10.1.2.3', '192.168.0.0/16', 'fd00::/8', '::1']);
  });

  it.each(['hooks.corp', '10.0.0.0/33', '10.0.0.0/x', 'fd00::/129'])('refuses "%s"', (entry) => {
    expect(() => loadConfig({ OUTBOUND_ALLOW_HOSTS: entry })).toThrow(/OUTBOUND_ALLOW_HOSTS: .*CIDR/);
  });
});

describe('the one way out', () => {
  // docs/outbound.md: every request the product sends goes through outbound.ts. The SSE client is a test and
  // measurement client of the server's own stream.
  const SRC = dirname(dirname(fileURLToPath(import.meta.url)));
  const EXEMPT = new Set(['http/outbound.ts', 'features/actions-count/sse-client.ts']);
  const CLIENTS = [
    /import\s*\{[^}]*\b(request|get)\b[^}]*\}\s*from\s*'node:https?'/,
    /import\s+(\*\s+as\s+)?\w+\s+from\s*'node:https?'/,
    /from\s*'(undici|axios|node-fetch|got|ky)'/,
    /\bnew\s+WebSocket\(/,
  ];

  function files(dir: string): string[] {
    return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return files(path);
      return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
    });
  }

  it('no other server file opens an outgoing HTTP connection', () => {
    const offenders = files(SRC).flatMap((path) => {
      const name = relative(SRC, path).split(sep).join('/');
      if (EXEMPT.has(name) || name.startsWith('test/')) return [];
      const text = readFileSync(path, 'utf8');
      // The global fetch, unless the file names a function of its own so.
      const globalFetch = /(?<![.\w])fetch\(/.test(text) && !/\bfetch\s*[:=]|function\s+fetch\b/.test(text);
      return CLIENTS.some((re) => re.test(text)) || globalFetch ? [name] : [];
    });
    expect(offenders).toEqual([]);
  });
});
