/** A file part of a multipart body, buffered (uploads are capped at 10 MB before they reach here). */
export class UploadedFile {
  constructor(
    readonly buffer: Buffer,
    readonly filename: string,
    readonly mimetype: string,
  ) {}
}
