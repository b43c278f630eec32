import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  MAX_IMAGES,
  MAX_UPLOAD_BYTES,
  MSG,
  firstMessage,
  toFieldErrors,
  type FieldErrors,
  type MultipartForm,
} from '@souq/shared';
import type { z } from 'zod';
import { DomainError } from '../lib/errors.js';

/** An uploaded file, already on disk: services read it from there, one at a time. */
export interface Upload {
  field: string;
  filename: string;
  /** A temporary file, removed once the response has been sent. */
  path: string;
  size: number;
}

export interface MultipartBody {
  fields: Record<string, string | string[]>;
  files: Upload[];
}

/** What one form may carry; the default is the largest, the add-product form. */
export interface FormLimits {
  files: number;
  fields: number;
  /** Bytes per file, when not the photos' MAX_UPLOAD_BYTES (a sale clip's is larger). */
  fileSize?: number;
  /** What a file over `fileSize` is told, when not MSG.fileTooLarge. */
  tooLarge?: string;
}

/** Eight photos and an invoice, and the product's text fields. */
export const PRODUCT_FORM: FormLimits = { files: MAX_IMAGES + 1, fields: 40 };
/** Going live: one cover and the host form's few fields. */
export const STREAM_FORM: FormLimits = { files: 1, fields: 10 };
/** One profile photo (a few stray fields are ignored). */
export const PHOTO_FORM: FormLimits = { files: 1, fields: 5 };

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploads are written while a request is read (DATA_DIR/tmp/uploads). */
    uploadTmpDir: string;
  }
  interface FastifyRequest {
    uploadedFiles: string[] | null;
  }
}

/** Names of files that may be half written: the orphan sweep removes them once they are old. */
const TEMP_SUFFIX = '.tmp';

/**
 * Uploads are streamed to temporary files, never held in memory: sixteen forms of nine 8 MB files
 * would otherwise be over a gigabyte of buffers. Each request's files are removed once it has been
 * answered; a crash leaves them to the orphan sweep (media/orphan-sweep.ts).
 */
export function registerMultipart(app: FastifyInstance, tmpDir: string): void {
  fs.mkdirSync(tmpDir, { recursive: true });
  app.decorate('uploadTmpDir', tmpDir);
  app.decorateRequest('uploadedFiles', null);
}

/**
 * Registers routes that take multipart forms in a scope of their own: the form parser and the
 * hooks that clear a request's temporary files stay off every other route.
 */
export async function uploadRoutes(app: FastifyInstance, routes: (uploads: FastifyInstance) => void): Promise<void> {
  await app.register(async (uploads) => {
    // Removed before the answer goes out, so a client that has its answer finds no file left behind.
    uploads.addHook('onSend', async (request, reply, payload) => {
      await removeUploads(request);
      closeIfUnread(request, reply);
      return payload;
    });
    uploads.addHook('onResponse', async (request) => removeUploads(request));
    // A client that gives up mid-upload gets no response, so onResponse would not run.
    uploads.addHook('onRequestAbort', async (request) => removeUploads(request));
    await uploads.register(multipart, {
      limits: {
        fileSize: MAX_UPLOAD_BYTES,
        files: PRODUCT_FORM.files,
        fields: PRODUCT_FORM.fields,
        fieldSize: 20_000,
        parts: 60,
      },
    });
    routes(uploads);
  });
}

/**
 * A form refused before its body was read to the end (too many files, a file too large, a gate)
 * leaves the rest of the body on the connection, and nobody reads it: the next request on a
 * keep-alive connection would never be answered (issue 42). Such an answer closes the connection,
 * as Fastify's own parsers do, and what is still arriving is read and dropped meanwhile, so the
 * client reads the answer rather than a reset.
 */
function closeIfUnread(request: FastifyRequest, reply: FastifyReply): void {
  if (request.raw.complete) return;
  reply.header('connection', 'close');
  request.raw.resume();
}

async function removeUploads(request: FastifyRequest): Promise<void> {
  const files = request.uploadedFiles;
  request.uploadedFiles = null;
  await Promise.all((files ?? []).map((file) => fs.promises.rm(file, { force: true })));
}

/** The files sent under one field name. */
export function filesOf(body: { files: Upload[] }, field: string): Upload[] {
  return body.files.filter((f) => f.field === field);
}

/**
 * Reads a form the contract declares and parses its fields with the form's schema: the one place a
 * multipart form's text becomes typed input, as the validator is for JSON bodies. A refusal names
 * the files' problems (none sent, too many) beside the fields', so the sender sees all there is to
 * fix at once; the message is the fields' first, or else the files'.
 */
export async function readForm<S extends z.ZodType>(
  request: FastifyRequest,
  form: MultipartForm & { fields: S },
  limits: FormLimits,
): Promise<{ fields: z.output<S>; files: Upload[] }> {
  const body = await readMultipart(request, limits);
  const parsed = form.fields.safeParse(body.fields);
  const problems: FieldErrors = parsed.success ? {} : toFieldErrors(parsed.error);
  let fileProblem: string | undefined;
  for (const [name, file] of Object.entries(form.files)) {
    const count = filesOf(body, name).length;
    const problem = count === 0 ? file.required : count > file.maxCount ? file.tooMany : undefined;
    if (!problem) continue;
    problems[name] = problem;
    fileProblem ??= problem;
  }
  if (parsed.success && !fileProblem) return { fields: parsed.data, files: body.files };
  throw new DomainError('VALIDATION_FAILED', parsed.success ? fileProblem! : firstMessage(parsed.error), problems);
}

/** Reads a multipart form within `limits`: fields into memory (repeated ones become arrays), files to disk. */
async function readMultipart(request: FastifyRequest, limits: FormLimits = PRODUCT_FORM): Promise<MultipartBody> {
  if (!request.isMultipart()) throw new DomainError('UNSUPPORTED_MEDIA_TYPE', 'Send the form as multipart/form-data.');
  const fields: MultipartBody['fields'] = {};
  const files: Upload[] = [];
  request.uploadedFiles ??= [];
  try {
    const perForm = {
      files: limits.files,
      fields: limits.fields,
      ...(limits.fileSize ? { fileSize: limits.fileSize } : {}),
    };
    for await (const part of request.parts({ limits: perForm })) {
      if (part.type === 'file') {
        // A body cut off in this part leaves its stream destroyed before we see it, and a pipe from it would wait forever.
        if (part.file.destroyed) throw new Error('multipart body ended inside a file');
        const file = path.join(request.server.uploadTmpDir, `${crypto.randomUUID()}${TEMP_SUFFIX}`);
        request.uploadedFiles.push(file);
        await pipeline(part.file, fs.createWriteStream(file));
        if (part.file.truncated) throw Object.assign(new Error('file too large'), { code: 'FST_REQ_FILE_TOO_LARGE' });
        const { size } = await fs.promises.stat(file);
        if (size > 0) files.push({ field: part.fieldname, filename: part.filename, path: file, size });
      } else {
        const value = String(part.value ?? '');
        const prior = fields[part.fieldname];
        fields[part.fieldname] = prior === undefined ? value : [...(Array.isArray(prior) ? prior : [prior]), value];
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new DomainError('PAYLOAD_TOO_LARGE', limits.tooLarge ?? MSG.fileTooLarge);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT')
      throw new DomainError('PAYLOAD_TOO_LARGE', limits.files === 1 ? MSG.oneFileOnly : MSG.tooManyImages);
    if (code === 'FST_FIELDS_LIMIT') throw new DomainError('PAYLOAD_TOO_LARGE', MSG.tooManyKeywords);
    // Anything else read from the body (no boundary, a __proto__ field, a cut-off part) is a malformed form, not our failure.
    throw new DomainError('VALIDATION_FAILED', 'Send the form as multipart/form-data.');
  }
  return { fields, files };
}
