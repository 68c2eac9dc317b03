/**
 * The console's English. `texts.<key>` are the templates every resource's screens take their words
 * from, made from its noun ({{noun}}: 'coupon', {{Noun}}: 'Coupon', {{plural}}: 'coupons',
 * {{Plural}}: 'Coupons'); `<resource>.texts.<key>` is a resource's own text where the store's wording
 * differs from the template. Read through Refine's i18nProvider (providers/i18n-provider.ts).
 */
export const ENGLISH: Readonly<Record<string, string>> = {
  'texts.title': '{{Plural}}',
  'texts.empty': 'No {{plural}} found.',
  'texts.add': 'Add {{Noun}}',
  'texts.createTitle': 'Add New {{Noun}}',
  'texts.editTitle': 'Edit {{Noun}}',
  'texts.showTitle': '{{Noun}} Details',
  'texts.createSubmit': 'Add {{Noun}}',
  'texts.editSubmit': 'Update {{Noun}}',
  'texts.created': '{{Noun}} added successfully',
  'texts.updated': '{{Noun}} updated successfully',
  'texts.deleted': '{{Noun}} deleted successfully',
  'texts.createFailed': 'Failed to add {{noun}}',
  'texts.updateFailed': 'Failed to update {{noun}}',
  'texts.deleteFailed': 'Failed to delete {{noun}}',
  'texts.loadFailed': 'Failed to fetch {{plural}}',
  'texts.recordLoading': 'Loading {{noun}}...',
  'texts.notFound': '{{Noun}} not found.',
  'texts.recordLoadFailed': 'Failed to load {{noun}}',
  'texts.deleteQuestion': 'Are you sure you want to delete this {{noun}}?',

  'products.texts.title': 'Product Catalog',
  'products.texts.subtitle': 'Manage products, their colour variants, sizes and stock.',
  'products.texts.searchLabel': 'Search products',
  'products.texts.searchPlaceholder': 'Search by name...',
  'products.texts.empty': 'No products yet. Add your first product.',
  'products.texts.noMatch': 'No products match these filters.',
  'products.texts.editTitle': 'Update Product',
  'products.texts.uploading': 'Uploading...',
  'products.texts.notFound': 'Product not found',
  'products.texts.deleted': 'Product deleted successfully ✅',
  'products.texts.deleteFailed': 'Failed to delete product ❌',
  'products.texts.loadFailed': 'Failed to load products',
  'products.texts.loadErrorPrefix': 'Error: ',
  'products.texts.view': 'View Details',

  'coupons.texts.subtitle': 'Discount codes customers can apply at checkout.',
  'coupons.texts.add': 'Add New Coupon',
  'coupons.texts.editTitle': 'Update Coupon',

  'orders.texts.searchPlaceholder': 'Order id, customer name or email',
  'orders.texts.empty': 'No orders found',

  'users.texts.title': 'Customers',
  'users.texts.empty': 'No customers found.',

  'staff.texts.title': 'Team',
  'staff.texts.subtitle':
    'Who signs in to the console. Admins can do everything, managers everything but the team, support reads all and updates order status.',
  'staff.texts.searchPlaceholder': 'Name or email',
  'staff.texts.add': 'Add Team Member',
  'staff.texts.createTitle': 'Add Team Member',
  'staff.texts.editTitle': 'Edit Team Member',
  'staff.texts.createSubmit': 'Add Team Member',
  'staff.texts.editSubmit': 'Save Changes',
  'staff.texts.deleted': 'Team member removed successfully',
  'staff.texts.deleteFailed': 'Failed to remove team member',
  'staff.texts.loadFailed': 'Failed to load the team',
  'staff.texts.deleteQuestion':
    'Are you sure you want to remove this team member? They will no longer be able to sign in.',

  'banners.texts.title': 'All Banners',
  'banners.texts.createSubmit': 'Add',
  'banners.texts.creating': 'Uploading...',
  'banners.texts.updating': 'Updating...',
  'banners.texts.updateFailed': 'Update failed.',
  'banners.texts.loading': 'Loading banners...',

  'blogs.texts.title': 'Manage Blogs',
  'blogs.texts.updating': 'Updating...',
  'blogs.texts.uploading': 'Uploading image...',
  'blogs.texts.created': 'Blog Added Successfully!',
  'blogs.texts.updated': 'Blog Updated Successfully!',
  'blogs.texts.recordLoadFailed': 'Failed to load blog details',
  'blogs.texts.back': 'Back to blogs',
};
