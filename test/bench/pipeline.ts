import { kb, type StackContext } from './support';

/** A 60-second answer through the local pipeline (ffmpeg + pocketsphinx), from completion to ready. */
export const pipelineFigure = async ({ api, session, companyId }: StackContext) => {
  const { makeClip } = await import('../support/media');
  const clip = await makeClip(
    60,
    'thank you for the question. in my last role i led a small team that built the payment system. we shipped it in six months.',
  );
  const group = `bench-${Date.now()}`;
  const created = await api('createUserMediaUpload', {
    body: { media_group_id: group, content_type: 'video/webm', properties: { company_id: companyId, size: clip.bytes.length } },
    session,
  });
  await fetch(created.upload_url, { method: 'PUT', headers: { 'content-type': 'video/webm' }, body: clip.bytes });
  const startedAt = performance.now();
  await api('completeMediaUploads', { body: { media_ids: [created.media_id] }, session });
  let status = 'processing';
  while (status === 'processing') {
    await new Promise((resolve) => setTimeout(resolve, 200));
    status =
      (await api('getMediaUploadGroups', { params: { mediaGroupIds: group }, session })).media_upload_groups?.[0]?.upload_status ?? 'processing';
  }
  const seconds = (performance.now() - startedAt) / 1000;
  console.log(
    `\nLocal media pipeline (60-second WebM answer, ${kb(clip.bytes.length)}): ${status} in ${seconds.toFixed(1)} s (transcode, thumbnail, transcription, captions)\n`,
  );
};
