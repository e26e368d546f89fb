/**
 * Whether the results of work about to start go live at once or wait for review, said in every
 * confirmation that starts work. Decided as publish/verify-stage.ts decides: the shop's review
 * setting, and always review when a product gets several results to choose from.
 */
export function reviewSentence(reviewMode: boolean, options: number): string {
  if (options > 1) {
    return `Results wait for your review in Activity: you choose which of the ${options} goes on each product.`;
  }
  return reviewMode
    ? 'Results wait for your review in Activity before they go on products (your Publishing setting).'
    : 'Results go live on the products at once, without review (your Publishing setting).';
}
