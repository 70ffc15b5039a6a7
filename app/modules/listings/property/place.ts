/** "Villa 202, Street 2, Al Hamra Village, Ras Al Khaimah, United Arab Emirates": no part twice. */
export function placeLine(p: { address: string; city: string; state: string; country: string }): string {
  const parts = [p.address];
  for (const part of [p.city, p.state, p.country]) {
    if (!parts.some((x) => x.toLowerCase().includes(part.toLowerCase()))) parts.push(part);
  }
  return parts.join(", ");
}
