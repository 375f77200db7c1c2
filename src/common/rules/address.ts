/** An event's address as one line, "street, zip city"; null when it has none (emails, calendar feed). */
export function addressLine(address: {
  street: string | null;
  zip_code: string | null;
  city: string | null;
}): string | null {
  const town = [address.zip_code, address.city].filter(Boolean).join(' ');
  const parts = [address.street, town].filter((part): part is string => Boolean(part));
  return parts.length > 0 ? parts.join(', ') : null;
}
