import { defineRule } from '../types.js';

export const e5 = defineRule({
  kind: 'pattern',
  meta: {
    id: 'E5',
    category: 'Data Exfiltration',
    severity: 'MEDIUM',
    confidence: 0.6,
    title: 'Cloud Storage Upload',
    description:
      'Uploads to object storage: boto3 put_object/upload_file, AWS SDK PutObjectCommand, `aws s3 cp/mv/sync` to an s3:// destination, `gsutil`/`gcloud storage` copies to gs://, Google Cloud upload_blob/upload_from_filename, `az storage blob upload`, azcopy and rclone. A bucket the skill author controls is an easy, rarely-blocked exfiltration channel; downloads from a bucket are not flagged.',
    remediation:
      'Upload only to storage the user owns and configured, and only the files the user asked to publish. Document the destination in SKILL.md.',
  },
  patterns: [
    {
      re: /\.(?:put_object|upload_file|upload_fileobj)\s{0,3}\(/,
      keywords: ['put_object', 'upload_file'],
      label: 'boto3 object upload',
      confidence: 0.6,
    },
    {
      re: /\bnew\s{1,3}(?:PutObjectCommand|Upload)\s{0,3}\(|\.upload\s{0,3}\(\s{0,3}\{\s{0,3}Bucket\b/,
      keywords: ['putobjectcommand', 'upload', 'bucket'],
      label: 'AWS SDK object upload',
      confidence: 0.6,
    },
    {
      re: /\baws\s{1,5}s3\s{1,5}(?:cp|mv|sync)\s{1,5}(?:--?[\w-]{1,30}(?:[\s=][^\s-][^\s]{0,60})?\s{1,5}){0,4}(?!s3:\/\/)[^\s|;&]{1,300}\s{1,5}s3:\/\//,
      keywords: ['aws'],
      label: 'aws s3 upload',
      confidence: 0.65,
    },
    {
      re: /\baws\s{1,5}s3api\s{1,5}put-object\b/,
      keywords: ['s3api'],
      label: 'aws s3api put-object',
      confidence: 0.65,
    },
    {
      re: /\b(?:gsutil(?:\s{1,5}-m)?|gcloud\s{1,5}storage)\s{1,5}(?:cp|mv|rsync)\s{1,5}(?:-[\w-]{1,20}\s{1,5}){0,4}(?!gs:\/\/)[^\s|;&]{1,300}\s{1,5}gs:\/\//,
      keywords: ['gsutil', 'gcloud'],
      label: 'Google Cloud Storage upload',
      confidence: 0.65,
    },
    {
      re: /\.(?:upload_blob|upload_from_filename|upload_from_string|upload_from_file|uploadBlob)\s{0,3}\(/,
      keywords: ['upload_blob', 'upload_from', 'uploadblob'],
      label: 'Blob upload (Google Cloud / Azure SDK)',
      confidence: 0.6,
    },
    {
      re: /\baz\s{1,5}storage\s{1,5}(?:blob|file)\s{1,5}upload(?:-batch)?\b/,
      keywords: ['az '],
      label: 'az storage upload',
      confidence: 0.65,
    },
    {
      re: /\b(?:azcopy\s{1,5}(?:cp|copy|sync)\s{1,5}[^\n|;]{0,300}?https:\/\/[\w-]{1,63}\.blob\.core\.windows\.net|rclone\s{1,5}(?:copy|sync|move)\s{1,5}(?![\w-]{1,40}:)[^\s|;&]{1,300}\s{1,5}[\w-]{1,40}:)/,
      keywords: ['azcopy', 'rclone'],
      label: 'azcopy / rclone upload',
      confidence: 0.55,
    },
  ],
});
