import type { z } from 'zod';
import { bannerInputSchema } from '../../domain';

/** The banner form's text fields, checked with the domain's rules; the image is a file uploaded on save. */
export const bannerFormSchema = bannerInputSchema.omit({ image: true });

export type BannerFormValues = z.input<typeof bannerFormSchema>;
export type BannerFormOutput = z.output<typeof bannerFormSchema>;

export const EMPTY_BANNER_FORM: BannerFormValues = { name: '', title: '', link: '' };

export const SELECT_IMAGE_MESSAGE = 'Please select an image';
