import type { HttpClient } from '@portal/shared';
import type {
  GpsrFile,
  GpsrFileDeleted,
  GpsrProduct,
  GpsrProductInput,
  GpsrUploadResponse,
  GpsrVersion,
} from '@portal/shared/domain';

export const fetchGpsrProduct = (http: HttpClient, id: string) =>
  http.get<GpsrProduct>(`/gpsr/product/${encodeURIComponent(id)}`);

export const createGpsrProduct = (http: HttpClient, input: GpsrProductInput) =>
  http.post<GpsrProduct>('/gpsr/product/create', input);

export const updateGpsrProduct = (http: HttpClient, input: GpsrProductInput & { id: string }) =>
  http.put<GpsrProduct>('/gpsr/product/update', input);

export const releaseGpsrVersion = (http: HttpClient, id: string) =>
  http.post<GpsrVersion>(`/gpsr/product/${encodeURIComponent(id)}/release`);

export const deleteGpsrFile = (http: HttpClient, name: string) =>
  http.del<GpsrFileDeleted>(`/gpsr/product/file/${encodeURIComponent(name)}/delete`);

/** POST /gpsr/product/upload/files: the point's ids and the chosen files as multipart form data. */
export async function uploadGpsrFiles(
  http: HttpClient,
  target: { topicId: string; questionId: string; pointId: string },
  files: readonly File[],
): Promise<GpsrFile[]> {
  const form = new FormData();
  form.append('topicID', target.topicId);
  form.append('questionID', target.questionId);
  form.append('pointID', target.pointId);
  for (const file of files) form.append('files', file, file.name);
  const response = await http.post<GpsrUploadResponse>('/gpsr/product/upload/files', form);
  return response.files;
}
