/** A package as the spec describes it: name, price, period, description, features, popular flag, optional note. */
export interface ServicePackage {
  name: string;
  price: string;
  period: string;
  description: string;
  features: string[];
  popular?: boolean;
  note?: string;
}
