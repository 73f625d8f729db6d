import dns from 'node:dns';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { describe, expect, it } from 'vitest';

describe('the test network guard', () => {
  it('makes a connection to another host an error', () => {
    expect(() => net.connect(80, 'example.com')).toThrow(/outbound network is disabled/);
    expect(() => net.connect({ host: '93.184.215.14', port: 443 })).toThrow(/outbound network is disabled/);
  });

  it('makes HTTP requests and name lookups of other hosts fail', async () => {
    await expect(fetch('http://example.com/')).rejects.toThrow();
    await expect(dns.promises.lookup('example.com')).rejects.toThrow(/outbound network is disabled/);
    expect(() => dns.lookup('example.com', () => undefined)).toThrow(/outbound network is disabled/);
  });

  it('still lets tests reach this machine', async () => {
    const server = http.createServer((_req, res) => res.end('local'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const res = await fetch(`http://127.0.0.1:${port}/`);
      expect(await res.text()).toBe('local');
      for (const host of ['localhost', '::1']) {
        const socket = net.connect(port, host).on('error', () => undefined);
        socket.destroy();
      }
      expect(() => net.connect({ path: '/tmp/kindred-no-such.sock' }).on('error', () => undefined).destroy()).not.toThrow();
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
