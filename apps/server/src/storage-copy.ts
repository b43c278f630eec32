import { checkStorageAtStart, uploadsDir } from './adapters/storage/index.js';
import { copyStorage } from './adapters/storage/copy.js';
import { createLocalStorage } from './adapters/storage/local-storage.js';
import { createS3Storage } from './adapters/storage/s3-storage.js';
import { ConfigError, loadConfig } from './config.js';

/**
 * `npm run storage:copy`: moves a single-machine shop to S3. Copies every file under
 * DATA_DIR/uploads into the bucket the S3_* variables name; run it, set S3_BUCKET on the
 * instances, restart. Rows hold keys, not URLs, so no row changes. Safe to run twice.
 */
async function main(): Promise<void> {
  const config = loadConfig(process.env);
  if (!config.s3)
    throw new ConfigError(
      'Nothing to copy to:\n  S3_BUCKET: set it (and the other S3_* variables) to the bucket the files should move to',
    );
  const from = createLocalStorage(uploadsDir(config));
  const to = createS3Storage(config.s3);
  try {
    await checkStorageAtStart(to, config);
    console.log(`copying ${uploadsDir(config)} to bucket "${config.s3.bucket}"`);
    const report = await copyStorage(from, to, (key) => console.log(`copied ${key}`));
    console.log(
      `done: ${report.copied} copied, ${report.present} already in the bucket, ${report.temporary} half-written temporary files left behind`,
    );
  } finally {
    to.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
