import {
  gpsrProgress,
  gpsrRetentionUntil,
  removeGpsrFile,
  type GpsrProduct,
  type GpsrProductInput,
  type GpsrRiskQuestion,
} from '@portal/shared/domain';
import type { Db } from '../../db/client';
import type { GpsrVersionAnswerJson } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { storageKey, type FileStorage } from '../../services/file-storage';
import {
  deleteOwnedFiles,
  deleteOwnedProduct,
  filesOfProduct,
  findOwnedFile,
  findOwnedFiles,
  findProduct,
  insertProduct,
  insertVersion,
  insertVersionFiles,
  listVersions,
  namesInVersions,
  nextVersionNumber,
  setFilesProduct,
  staleUnattachedFiles,
  updateOwnedProduct,
  type FileRow,
  type ProductRow,
  type VersionRow,
} from './repository';

/** What the GPSR services use: the database and the file storage of the uploads. */
export interface GpsrDeps {
  db: Db;
  fileStorage: FileStorage;
}

export const productNotFound = () => new HttpError(404, 'gpsr-product-not-found', 'Product not found');
export const fileNotFound = () => new HttpError(404, 'gpsr-file-not-found', 'File not found');

/** Storage area of evidence files; the key is `gpsr/<ownerId>/<stored name>`. */
export const fileKey = (ownerId: string, name: string) => storageKey('gpsr', ownerId, name);

type Answer = GpsrRiskQuestion;
const namesOf = (files: { name: string }[]) => files.map((f) => f.name);

/** The stored answers of a product (jsonb) in the shared shape. */
export function answersOf(row: Pick<ProductRow, 'riskQuestions'>): Answer[] {
  return (row.riskQuestions as unknown as Answer[]) ?? [];
}

const snapshotKey = (
  name: string,
  answers: readonly {
    topicId: string;
    questionId: string;
    pointId: string;
    textarea: string;
    files: readonly { name: string }[];
  }[],
) =>
  JSON.stringify({
    name,
    answers: [...answers]
      .map((a) => ({ k: `${a.topicId}${a.questionId}${a.pointId}`, t: a.textarea, f: a.files.map((f) => f.name) }))
      .sort((x, y) => x.k.localeCompare(y.k)),
  });

export function toProduct(row: ProductRow, versions: VersionRow[]): GpsrProduct {
  const answers = answersOf(row);
  const latest = versions[0];
  return {
    id: row.id,
    name: row.name,
    date: row.createdAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    progress: row.progress,
    riskQuestions: answers,
    versions: versions.map(toVersion),
    draftChanged: !latest || snapshotKey(row.name, answers) !== snapshotKey(latest.productName, latest.riskQuestions),
  };
}

export const toVersion = (v: VersionRow) => ({
  number: v.number,
  releasedAt: v.releasedAt.toISOString(),
  retentionUntil: v.retentionUntil.toISOString(),
  progress: v.progress,
});

/**
 * The answers as they are stored: file entries re-read from the owner's files (the client names files only by
 * their stored name; original names come from our metadata). A file of another seller, or one attached to another
 * product, is refused.
 */
async function resolveAnswers(
  deps: GpsrDeps,
  ownerId: string,
  productId: string | null,
  input: GpsrProductInput['riskQuestions'],
): Promise<{ answers: Answer[]; files: FileRow[] }> {
  const names = [...new Set(input.flatMap((r) => r.files.map((f) => f.name)))];
  const files = await findOwnedFiles(deps.db, ownerId, names);
  const byName = new Map(files.map((f) => [f.name, f]));
  for (const name of names) {
    const file = byName.get(name);
    if (!file || (file.productId && file.productId !== productId)) throw fileNotFound();
  }
  const answers = input
    .map((r) => ({
      topicId: r.topicId,
      questionId: r.questionId,
      pointId: r.pointId,
      textarea: r.textarea,
      files: r.files.map((f) => ({ name: f.name, originalName: byName.get(f.name)!.originalName })),
    }))
    .filter((r) => r.textarea.trim() || r.files.length);
  return { answers, files };
}

export async function createProduct(deps: GpsrDeps, ownerId: string, input: GpsrProductInput) {
  const { answers, files } = await resolveAnswers(deps, ownerId, null, input.riskQuestions);
  const row = await deps.db.transaction(async (tx) => {
    const created = await insertProduct(tx, {
      userId: ownerId,
      name: input.name,
      riskQuestions: answers,
      progress: gpsrProgress(answers),
    });
    if (files.length) await setFilesProduct(tx, created.id, namesOf(files));
    return created;
  });
  return toProduct(row, []);
}

export async function updateProduct(
  deps: GpsrDeps,
  ownerId: string,
  input: GpsrProductInput & { id: string },
): Promise<GpsrProduct> {
  const existing = await findProduct(deps.db, ownerId, input.id);
  if (!existing) throw productNotFound();
  const { answers, files } = await resolveAnswers(deps, ownerId, existing.id, input.riskQuestions);
  const keep = new Set(files.map((f) => f.name));
  const dropped = (await filesOfProduct(deps.db, existing.id)).filter((f) => !keep.has(f.name));
  const row = await deps.db.transaction(async (tx) => {
    const updated = await updateOwnedProduct(tx, ownerId, existing.id, {
      name: input.name,
      riskQuestions: answers,
      progress: gpsrProgress(answers),
      updatedAt: new Date(),
    });
    if (files.length) await setFilesProduct(tx, existing.id, namesOf(files));
    return updated;
  });
  await discardFiles(deps, ownerId, dropped);
  return toProduct(row, await listVersions(deps.db, ownerId, [row.id]));
}

/**
 * Files no longer used by the draft: removed from storage unless a released version needs them (then they are only
 * detached and stay until that version's retention ends).
 */
async function discardFiles(deps: GpsrDeps, ownerId: string, files: FileRow[]): Promise<void> {
  if (!files.length) return;
  const retained = await namesInVersions(deps.db, namesOf(files));
  const removable = files.filter((f) => !retained.has(f.name)).map((f) => f.name);
  const detached = files.filter((f) => retained.has(f.name)).map((f) => f.name);
  if (detached.length) {
    await setFilesProduct(deps.db, null, detached);
  }
  if (removable.length) {
    await deleteOwnedFiles(deps.db, ownerId, removable);
    for (const name of removable) await deps.fileStorage.delete(fileKey(ownerId, name));
  }
}

/** DELETE a product; released versions in retention stay (their files too) and are reported back. */
export async function deleteProduct(deps: GpsrDeps, ownerId: string, id: string) {
  const existing = await findProduct(deps.db, ownerId, id);
  if (!existing) throw productNotFound();
  const files = await filesOfProduct(deps.db, id);
  const versions = await listVersions(deps.db, ownerId, [id]);
  await deleteOwnedProduct(deps.db, ownerId, id);
  await discardFiles(deps, ownerId, files);
  const now = Date.now();
  return {
    deleted: true as const,
    retainedVersions: versions
      .filter((v) => v.retentionUntil.getTime() > now)
      .map((v) => ({ number: v.number, retentionUntil: v.retentionUntil.toISOString() })),
  };
}

/** DELETE one evidence file: it leaves the product's answers (empty entries go) and storage unless a version needs it. */
export async function deleteFile(deps: GpsrDeps, ownerId: string, name: string): Promise<void> {
  const file = await findOwnedFile(deps.db, ownerId, name);
  if (!file) throw fileNotFound();
  if (file.productId) {
    const product = await findProduct(deps.db, ownerId, file.productId);
    if (product) {
      const answers = removeGpsrFile(answersOf(product), name);
      const progress = gpsrProgress(answers);
      await updateOwnedProduct(deps.db, ownerId, product.id, {
        riskQuestions: answers,
        progress,
        updatedAt: new Date(),
      });
    }
  }
  await discardFiles(deps, ownerId, [file]);
}

/** Freezes the current answers and files as the next numbered, read-only version (retained 10 years). */
export async function releaseVersion(deps: GpsrDeps, ownerId: string, id: string, now = new Date()) {
  const product = await findProduct(deps.db, ownerId, id);
  if (!product) throw productNotFound();
  const versions = await listVersions(deps.db, ownerId, [id]);
  if (!toProduct(product, versions).draftChanged) {
    throw new HttpError(409, 'gpsr-nothing-to-release', 'There are no changes since the last released version');
  }
  const answers = answersOf(product);
  const files = await filesOfProduct(deps.db, id);
  const meta = new Map(files.map((f) => [f.name, f]));
  const snapshot: GpsrVersionAnswerJson[] = answers.map((a) => ({
    ...a,
    files: a.files
      .filter((f) => meta.has(f.name))
      .map((f) => {
        const m = meta.get(f.name)!;
        return { name: f.name, originalName: m.originalName, mimeType: m.mimeType, size: m.size, sha256: m.sha256 };
      }),
  }));
  // Whole seconds: ZIP and PDF dates of the version are taken from it.
  const releasedAt = new Date(Math.floor(now.getTime() / 1000) * 1000);
  const number = await nextVersionNumber(deps.db, id);
  const version = await deps.db.transaction(async (tx) => {
    const created = await insertVersion(tx, {
      userId: ownerId,
      productId: id,
      originalProductId: id,
      number,
      productName: product.name,
      riskQuestions: snapshot,
      progress: product.progress,
      releasedAt,
      retentionUntil: gpsrRetentionUntil(releasedAt),
    });
    const names = [...new Set(snapshot.flatMap((a) => a.files.map((f) => f.name)))];
    if (names.length) await insertVersionFiles(tx, created.id, names);
    return created;
  });
  return toVersion(version);
}

/** Uploaded files that were never saved with a product are removed after a day (no orphans in storage). */
export async function sweepUnattachedFiles(deps: GpsrDeps, ownerId: string, now = new Date()): Promise<void> {
  const stale = await staleUnattachedFiles(deps.db, ownerId, new Date(now.getTime() - 24 * 3600_000));
  await discardFiles(deps, ownerId, stale);
}
