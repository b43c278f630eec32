import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MAX_IMAGES, MAX_UPLOAD_BYTES, MSG } from '@souq/shared';
import { AppError } from './errors.js';

export interface Upload {
  field: string;
  filename: string;
  data: Buffer;
}

export interface MultipartBody {
  fields: Record<string, string | string[]>;
  files: Upload[];
}

export async function registerMultipart(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    // The most a product form sends: eight photos and an invoice.
    limits: { fileSize: MAX_UPLOAD_BYTES, files: MAX_IMAGES + 1, fields: 40, fieldSize: 20_000, parts: 60 },
  });
}

/** Reads a whole multipart form into memory within the limits; repeated fields become arrays. */
export async function readMultipart(request: FastifyRequest): Promise<MultipartBody> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the form as multipart/form-data.');
  const fields: MultipartBody['fields'] = {};
  const files: Upload[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (data.length > 0) files.push({ field: part.fieldname, filename: part.filename, data });
      } else {
        const value = String(part.value ?? '');
        const prior = fields[part.fieldname];
        fields[part.fieldname] = prior === undefined ? value : [...(Array.isArray(prior) ? prior : [prior]), value];
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE', MSG.fileTooLarge);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') throw new AppError('PAYLOAD_TOO_LARGE', MSG.tooManyImages);
    if (code === 'FST_FIELDS_LIMIT') throw new AppError('PAYLOAD_TOO_LARGE', MSG.tooManyKeywords);
    // Anything else read from the body (no boundary, a __proto__ field, a cut-off part) is a malformed form, not our failure.
    throw new AppError('VALIDATION_FAILED', 'Send the form as multipart/form-data.');
  }
  return { fields, files };
}
