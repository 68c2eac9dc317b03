import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { DetailList } from '../../components/resource/DetailList';
import { RichText } from '../../components/RichText';
import type { Blog } from '../../domain';
import { safeBlogHtml } from './blog-html';

/** A blog as its readers would see it, with the details only an admin looks at (category, SEO) below. */
export function BlogArticle({ blog }: { blog: Blog }) {
  const html = useMemo(() => safeBlogHtml(blog.content ?? ''), [blog.content]);
  const orNA = (value: string | undefined) => (value && value.trim() !== '' ? value : 'N/A');
  // Blogs written before sub images and tags existed come from the store's backend without them.
  const subImages = blog.subImages ?? [];
  const tags = blog.tags ?? [];

  return (
    <Paper component="article" variant="outlined" sx={{ p: { xs: 2, md: 4 }, maxWidth: 960 }}>
      <Typography variant="h3" component="h1" sx={{ fontWeight: 700, fontSize: { xs: '1.8rem', md: '2.4rem' } }}>
        {blog.title}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        By {blog.author}
      </Typography>
      <Typography color="text.secondary" variant="body2" component="p">
        {/* The reader's own locale, as the spec asks ("published date in local format"). */}
        <time dateTime={blog.publishedAt}>{new Date(blog.publishedAt).toLocaleDateString()}</time>
      </Typography>

      {blog.featuredImage && (
        <Box
          component="img"
          src={blog.featuredImage}
          alt={`Featured image of ${blog.title}`}
          sx={{ display: 'block', width: '100%', maxHeight: 420, objectFit: 'cover', borderRadius: 2, mt: 3 }}
        />
      )}
      {subImages.length > 0 && (
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, 1fr)', gap: 2, mt: 2 }}>
          {subImages.map((src, index) => (
            <Box
              key={src}
              component="img"
              src={src}
              alt={`Sub image ${index + 1} of ${blog.title}`}
              sx={{ width: '100%', aspectRatio: '4 / 3', objectFit: 'cover', borderRadius: 2 }}
            />
          ))}
        </Box>
      )}

      <Typography variant="subtitle1" component="p" sx={{ mt: 3, fontStyle: 'italic' }}>
        {blog.shortDescription}
      </Typography>
      <RichText html={html} testId="blog-content" />

      <Divider sx={{ my: 3 }} />
      <Stack spacing={2}>
        <Box>
          <Typography variant="subtitle2" component="h2">
            Tags
          </Typography>
          {tags.length > 0 ? (
            <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" sx={{ mt: 1 }} aria-label="Tags">
              {tags.map((tag) => (
                <Chip key={tag} label={tag} size="small" />
              ))}
            </Stack>
          ) : (
            <Typography color="text.secondary">N/A</Typography>
          )}
        </Box>
        <DetailList rows={[['Category', orNA(blog.category)]]} />
        <Box>
          <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
            SEO Settings
          </Typography>
          <DetailList
            rows={[
              ['Meta Title', orNA(blog.seo?.metaTitle)],
              ['Meta Description', orNA(blog.seo?.metaDescription)],
            ]}
          />
        </Box>
      </Stack>
    </Paper>
  );
}
