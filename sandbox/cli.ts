import { parseArgs } from 'node:util';
import { startSandbox } from './index';

// npm run sandbox -- --port 9080 [--bridge-url URL] [--state-file FILE] [--seed S] [--otp 123456]

function parsePort(value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) throw new Error(`--port must be a number from 0 to 65535, got "${value}"`);
  return port;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '9080' },
      'bridge-url': { type: 'string' },
      'state-file': { type: 'string' },
      seed: { type: 'string' },
      otp: { type: 'string' },
    },
    strict: true,
    allowPositionals: false,
  });
  const sandbox = await startSandbox({
    port: parsePort(values.port),
    bridgeUrl: values['bridge-url'],
    stateFile: values['state-file'],
    seed: values.seed,
    otp: values.otp,
  });
  console.log(`ABDM sandbox listening on ${sandbox.url}`);
  const stop = () => void sandbox.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((err: unknown) => {
  console.error(`sandbox: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
