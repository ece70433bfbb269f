//! tree-sitter C to faultline IR
