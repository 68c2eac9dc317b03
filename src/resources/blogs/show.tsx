import { RecordDetailsPage } from '../../components/record-details/RecordDetailsPage';
import { formatDate, type Blog } from '../../domain';

export default function BlogShow() {
  return (
    <RecordDetailsPage<Blog>
      resource="blogs"
      title="Blog"
      backTo="/blog"
      notFound="Blog not found."
      fields={[
        { label: 'Title', value: (blog) => blog.title },
        { label: 'Author', value: (blog) => `By ${blog.author}` },
        { label: 'Published', value: (blog) => formatDate(blog.publishedAt) },
        { label: 'Category', value: (blog) => blog.category },
        { label: 'Tags', value: (blog) => blog.tags.join(', ') },
      ]}
    />
  );
}
