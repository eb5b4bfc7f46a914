/**
 * The slot of the farmer figures on the rural hub: farmers and new agricultural entities on record and the credit
 * granted to them, which the rural (farmers) issue brings with its records. Until those records exist there is
 * nothing true to show, so it renders nothing (no placeholder, no announcement of what is to come).
 */
export function FarmerFigures() {
  return null;
}
