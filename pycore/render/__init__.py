"""Pictures of a puzzle: a printable SVG of the grid (`svg`) and QR codes of its link (`qr`)."""
