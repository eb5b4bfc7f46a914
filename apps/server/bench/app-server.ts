/** The real app for `npm run bench`: the same buildApp as production, on the benchmark database, without logs. */
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { connect } from '../src/db/client.ts';

const config = loadConfig({ webDist: '/nonexistent' });
const database = connect(process.env.DATABASE_URL!, config.dbPoolSize);
const app = await buildApp({ config, database, logger: false });
await app.listen({ port: config.port, host: '127.0.0.1' });
process.send?.('ready');
process.on(
  'SIGTERM',
  () =>
    void app
      .close()
      .then(() => database.close())
      .then(() => process.exit(0)),
);
