import { uploadImage } from '../../providers/upload';

export interface UploadedProductImages {
  /** The new main image, when one was chosen and went up. */
  image?: string;
  /** The new sub images, when some were chosen: the ones that went up, in order. */
  subImages?: string[];
  /** Names of the files that failed: skipped, for the dialog to report (SPEC.md section 8, DESIGN.md 5.5). */
  failed: string[];
}

/** Uploads the product's chosen images one by one; a failed file is skipped rather than failing the save. */
export async function uploadProductImages(main: File | undefined, subs: readonly File[]): Promise<UploadedProductImages> {
  const failed: string[] = [];
  const attempt = async (file: File) => {
    try {
      return await uploadImage(file);
    } catch {
      failed.push(file.name);
      return undefined;
    }
  };
  const image = main ? await attempt(main) : undefined;
  const subImages: string[] = [];
  for (const file of subs) {
    const url = await attempt(file);
    if (url) subImages.push(url);
  }
  return {
    ...(image ? { image } : {}),
    ...(subs.length > 0 && subImages.length > 0 ? { subImages } : {}),
    failed,
  };
}
