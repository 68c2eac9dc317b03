export const APP_NAME = 'Apparel Admin';
