//! Weighted partial MaxSAT
