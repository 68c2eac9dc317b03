/** Fixed demo texts: names, colours, coupons, blogs and banners the generator draws from. */

export const FIRST_NAMES = [
  'Aarav', 'Priya', 'Rohan', 'Ananya', 'Vikram', 'Isha', 'Kabir', 'Meera', 'Arjun', 'Diya', 'Rahul', 'Sneha', 'Aditya',
  'Kavya', 'Nikhil', 'Pooja', 'Siddharth', 'Riya', 'Karan', 'Neha', 'Varun', 'Tanvi', 'Dev', 'Aisha', 'Manish', 'Shreya',
];
export const LAST_NAMES = [
  'Sharma', 'Verma', 'Iyer', 'Patel', 'Reddy', 'Nair', 'Gupta', 'Mehta', 'Kapoor', 'Singh', 'Das', 'Joshi', 'Bose', 'Menon',
];
export const CITIES: { city: string; state: string; pincode: string }[] = [
  { city: 'Mumbai', state: 'Maharashtra', pincode: '400001' },
  { city: 'Pune', state: 'Maharashtra', pincode: '411001' },
  { city: 'Bengaluru', state: 'Karnataka', pincode: '560001' },
  { city: 'Chennai', state: 'Tamil Nadu', pincode: '600001' },
  { city: 'Hyderabad', state: 'Telangana', pincode: '500001' },
  { city: 'New Delhi', state: 'Delhi', pincode: '110001' },
  { city: 'Kolkata', state: 'West Bengal', pincode: '700001' },
  { city: 'Jaipur', state: 'Rajasthan', pincode: '302001' },
  { city: 'Kochi', state: 'Kerala', pincode: '682001' },
  { city: 'Ahmedabad', state: 'Gujarat', pincode: '380001' },
];
export const STREETS = ['MG Road', 'Park Street', 'Linking Road', 'Brigade Road', 'Anna Salai', 'FC Road', 'Ring Road'];

export const COLOURS: { name: string; hex: string }[] = [
  { name: 'Black', hex: '#1f2937' },
  { name: 'White', hex: '#f9fafb' },
  { name: 'Navy', hex: '#1e3a8a' },
  { name: 'Olive', hex: '#4d7c0f' },
  { name: 'Maroon', hex: '#7f1d1d' },
  { name: 'Mustard', hex: '#ca8a04' },
  { name: 'Sky Blue', hex: '#38bdf8' },
  { name: 'Lavender', hex: '#a78bfa' },
  { name: 'Coral', hex: '#fb7185' },
  { name: 'Grey Melange', hex: '#9ca3af' },
];

export const ANIMALS = ['Tiger', 'Owl', 'Elephant', 'Fox', 'Parrot', 'Kingfisher', 'Beagle', 'Tabby Cat', 'Panda', 'Peacock', 'Wolf', 'Sparrow', 'Husky', 'Leopard'];
export const STYLES = ['Sketch', 'Silhouette', 'Line Art', 'Watercolour', 'Minimal', 'Retro', 'Pop Art', 'Geometric'];
export const TEE_KINDS = ['Tee', 'T-Shirt', 'Crew Tee', 'Graphic Tee'];

export const REVIEW_COMMENTS = [
  'Great fabric, fits true to size.',
  'The print is even better in person.',
  'Colour faded a little after a few washes.',
  'Comfortable and soft, ordering another colour.',
  'Slightly loose around the shoulders, but I like it.',
  'Fast delivery and lovely packaging.',
  'Good value for the price.',
  'Runs a bit small, size up.',
];

export const COUPONS = [
  { code: 'WELCOME10', discountType: 'percentage', discountValue: 10, minOrderAmount: 499, maxDiscount: 200, days: 120, isActive: true },
  { code: 'FLAT100', discountType: 'flat', discountValue: 100, minOrderAmount: 999, maxDiscount: null, days: 60, isActive: true },
  { code: 'WILDLIFE15', discountType: 'percentage', discountValue: 15, minOrderAmount: 799, maxDiscount: 300, days: 45, isActive: true, collections: ['Wild life collection'] },
  { code: 'OVERSIZED20', discountType: 'percentage', discountValue: 20, minOrderAmount: 1299, maxDiscount: 400, days: 30, isActive: true, categories: ['Oversized'] },
  { code: 'PETLOVE250', discountType: 'flat', discountValue: 250, minOrderAmount: 1999, maxDiscount: null, days: 90, isActive: true, collections: ['Dog & cat lover collection'] },
  { code: 'DIWALI30', discountType: 'percentage', discountValue: 30, minOrderAmount: 1499, maxDiscount: 600, days: -40, isActive: true },
  { code: 'SUMMER50', discountType: 'flat', discountValue: 50, minOrderAmount: 599, maxDiscount: null, days: -120, isActive: false },
  { code: 'WOMEN12', discountType: 'percentage', discountValue: 12, minOrderAmount: 699, maxDiscount: 250, days: 75, isActive: false, categories: ['Women T-Shirts'] },
  { code: 'BIRDS200', discountType: 'flat', discountValue: 200, minOrderAmount: 1499, maxDiscount: null, days: 20, isActive: true, collections: ['Brid lover collection'] },
  { code: 'VIP25', discountType: 'percentage', discountValue: 25, minOrderAmount: 2999, maxDiscount: 1000, days: 365, isActive: true },
] as const;

export const BLOGS = [
  {
    title: 'How to choose the right oversized fit',
    author: 'Meera Iyer',
    category: 'Style guide',
    tags: ['oversized', 'fit', 'style'],
    shortDescription: 'Drop shoulders, longer hems and the one measurement that matters.',
    colours: ['#6366f1', '#a855f7'],
  },
  {
    title: 'Caring for printed T-shirts',
    author: 'Rohan Verma',
    category: 'Care',
    tags: ['care', 'washing', 'prints'],
    shortDescription: 'Keep prints crisp and colours bright for years with five simple habits.',
    colours: ['#06b6d4', '#22c55e'],
  },
  {
    title: 'Behind the Wild life collection',
    author: 'Ananya Nair',
    category: 'Collections',
    tags: ['wildlife', 'collection', 'artists'],
    shortDescription: 'Meet the illustrators who drew our tigers, owls and elephants.',
    colours: ['#84cc16', '#15803d'],
  },
  {
    title: 'Organic cotton, explained',
    author: 'Kabir Singh',
    category: 'Materials',
    tags: ['cotton', 'sustainability'],
    shortDescription: 'What the label means, and why it feels softer on day one.',
    colours: ['#f59e0b', '#ef4444'],
  },
  {
    title: 'Five ways to style a graphic tee',
    author: 'Isha Kapoor',
    category: 'Style guide',
    tags: ['styling', 'graphic tee'],
    shortDescription: 'From office Fridays to weekend treks: one tee, five looks.',
    colours: ['#ec4899', '#8b5cf6'],
  },
  {
    title: 'Our sizing chart, measured again',
    author: 'Arjun Mehta',
    category: 'Fit',
    tags: ['sizing', 'fit'],
    shortDescription: 'We re-measured every size from S to XXL. Here is what changed.',
    colours: ['#0ea5e9', '#1e3a8a'],
  },
] as const;

export function blogHtml(title: string, description: string): string {
  return [
    `<h2>${title}</h2>`,
    `<p>${description} Here is what our team has learned after years of making T-shirts.</p>`,
    '<h3>What to look for</h3>',
    '<ul><li><strong>Fabric weight</strong>: 180–220 GSM drapes well.</li><li><em>Stitching</em>: double-needle hems last longer.</li><li>Print method: screen prints outlive heat transfers.</li></ul>',
    '<blockquote>Buy for the shoulders, not for the chest.</blockquote>',
    '<table><thead><tr><th>Size</th><th>Chest (in)</th></tr></thead><tbody><tr><td>M</td><td>40</td></tr><tr><td>L</td><td>42</td></tr></tbody></table>',
    '<p>Questions? <a href="https://example.com/contact">Write to us</a>.</p>',
  ].join('\n');
}

// Links are full storefront URLs (the console opens them in a new tab); one banner has none.
export const BANNERS = [
  { name: 'summer-sale', title: 'Summer Sale: up to 40% off', link: 'https://shop.example.com/collections/summer', colours: ['#f59e0b', '#ef4444'] },
  { name: 'wildlife-launch', title: 'New: the Wild life collection', link: 'https://shop.example.com/collections/wild-life', colours: ['#15803d', '#84cc16'] },
  { name: 'oversized-fits', title: 'Oversized fits for everyone', link: '', colours: ['#6366f1', '#06b6d4'] },
  { name: 'pet-lovers', title: 'For dog & cat lovers', link: 'https://shop.example.com/collections/dog-and-cat', colours: ['#a855f7', '#ec4899'] },
] as const;
