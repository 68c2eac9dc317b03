import { and, asc, eq, ilike, or } from 'drizzle-orm';
import type { Banner, BannerInput } from '../../domain';
import type { Db } from '../db/client';
import { newId } from '../db/ids';
import { banners } from '../db/schema';
import { paged, type ListQuery, type ListSpec } from '../list-query';
import { isVersion, nextVersion, refuseIfStale } from './edit-version';

export const bannerListSpec: ListSpec<'banners'> = {
  list: 'banners',
  sortColumns: { createdAt: banners.createdAt, name: banners.name },
  filters: {},
  search: (pattern) => or(ilike(banners.name, pattern), ilike(banners.title, pattern)),
  // Oldest first: the console appends a new banner at the end of the table.
  defaultOrder: [asc(banners.createdAt), asc(banners.id)],
  tieBreaker: banners.id,
};

function toBanner(row: typeof banners.$inferSelect): Banner {
  return {
    _id: row.id,
    name: row.name,
    title: row.title,
    image: row.image,
    link: row.link,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listBanners(db: Db, list: ListQuery) {
  const rows = await paged(db.select().from(banners).where(list.where).orderBy(...list.orderBy).$dynamic(), list);
  const total = list.withTotal ? await db.$count(banners, list.where) : rows.length;
  return { banners: rows.map(toBanner), total };
}

export async function getBanner(db: Db, id: string) {
  const [row] = await db.select().from(banners).where(eq(banners.id, id));
  return row && toBanner(row);
}

export async function createBanner(db: Db, input: BannerInput) {
  const [row] = await db.insert(banners).values({ id: newId(), ...input }).returning();
  return toBanner(row!);
}

/** Applies the edit when the banner still has the `updatedAt` it was made on (if given): a stale copy is a 409, a missing banner undefined. */
export async function updateBanner(db: Db, id: string, input: BannerInput, editedVersion?: string) {
  const [row] = await db
    .update(banners)
    .set({ ...input, updatedAt: nextVersion(banners.updatedAt) })
    .where(and(eq(banners.id, id), isVersion(banners.updatedAt, editedVersion)))
    .returning();
  return row ? toBanner(row) : refuseIfStale(db, banners, banners.id, id, editedVersion, 'banner');
}

export async function deleteBanner(db: Db, id: string): Promise<boolean> {
  return (await db.delete(banners).where(eq(banners.id, id)).returning({ id: banners.id })).length > 0;
}
