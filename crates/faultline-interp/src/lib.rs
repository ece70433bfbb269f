//! Sandboxed interpreter of faultline IR
