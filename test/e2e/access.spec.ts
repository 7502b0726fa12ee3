// Web mode answers only its own page holding this run's token.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './web-mode';

test('a page with a wrong token is refused and says what to do', async ({ page, web }) => {
  await page.goto(`${web.origin}/#token=not-the-token`);
  await expect(page.getByRole('alert')).toContainText('refused');
  await expect(page.getByRole('alert')).toContainText('npm run web');
  await expect(page.getByTestId('app-version')).toHaveCount(0);
});

test('a page without a token is told to open the printed address', async ({ page, web }) => {
  await page.goto(`${web.origin}/`);
  await expect(page.getByRole('alert')).toContainText('#token=');
});

test('a socket from the page with a wrong token never opens', async ({ page, web }) => {
  await page.goto(web.url);
  await expect(page.getByTestId('app-version')).toBeVisible();
  const outcome = await page.evaluate(
    (url) =>
      new Promise<string>((resolve) => {
        const socket = new WebSocket(url, ['abha-desk.v1', 'abha-desk.token.wrong']);
        socket.onopen = () => resolve('opened');
        socket.onclose = () => resolve('closed');
      }),
    web.origin.replace('http:', 'ws:') + '/__web/ipc',
  );
  expect(outcome).toBe('closed');
});

test('another local page holding the right token is refused by its Origin', async ({ page, web }) => {
  // A hostile page on another loopback port that somehow learnt the token.
  const other = http.createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html' });
    response.end('<!doctype html><title>other</title>');
  });
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  try {
    await page.goto(`http://127.0.0.1:${(other.address() as AddressInfo).port}/`);
    const outcome = await page.evaluate(
      ({ url, token }) =>
        new Promise<string>((resolve) => {
          const socket = new WebSocket(url, ['abha-desk.v1', `abha-desk.token.${token}`]);
          socket.onopen = () => resolve('opened');
          socket.onclose = () => resolve('closed');
        }),
      { url: web.origin.replace('http:', 'ws:') + '/__web/ipc', token: web.token },
    );
    expect(outcome).toBe('closed');
  } finally {
    await new Promise((resolve) => other.close(resolve));
  }
});
