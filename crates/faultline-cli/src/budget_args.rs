//! Parsing of the budget options (`--timeout`, `--max-memory`, `--max-steps`): every value a
//! person can type gives either a budget or one clear error, never a panic (`--timeout 1e300`
//! used to overflow the clock and exit 101).

use std::time::Duration;

/// `--timeout SECONDS`: a positive number of seconds (fractions allowed); `inf` or `none`
/// for no limit. A number too large for the clock (`1e300`) is no limit either.
pub fn parse_timeout(s: &str) -> Result<Timeout, String> {
    let t = s.trim();
    if matches!(t.to_ascii_lowercase().as_str(), "none" | "unlimited") {
        return Ok(Timeout(None));
    }
    let v: f64 = t
        .parse()
        .map_err(|_| format!("`{s}` is not a number of seconds (or `inf` for no limit)"))?;
    if v.is_nan() || v <= 0.0 {
        return Err(format!(
            "the timeout must be a positive number of seconds (or `inf` for no limit), not `{s}`"
        ));
    }
    Ok(Timeout(Duration::try_from_secs_f64(v).ok()))
}

/// A parsed `--timeout` (`None`: no limit).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timeout(pub Option<Duration>);

/// `--max-memory SIZE`: a size with a unit (`512M`, `2G`, `1.5GiB`; K, M, G, T are powers of
/// 1024, a trailing `B` or `iB` is allowed), a plain number of megabytes, or `none`. At least
/// 64 MB: less than the process needs to start.
pub fn parse_memory(s: &str) -> Result<MaxMemory, String> {
    let t = s.trim();
    if matches!(
        t.to_ascii_lowercase().as_str(),
        "none" | "unlimited" | "inf"
    ) {
        return Ok(MaxMemory(None));
    }
    let lower = t.to_ascii_lowercase();
    let digits = lower.trim_end_matches(|c: char| c.is_ascii_alphabetic());
    let unit = lower[digits.len()..]
        .trim_end_matches("ib")
        .trim_end_matches('b');
    let scale: f64 = match unit {
        "" | "m" => (1u64 << 20) as f64,
        "k" => 1024.0,
        "g" => (1u64 << 30) as f64,
        "t" => (1u64 << 40) as f64,
        _ => {
            return Err(format!(
                "`{s}` is not a memory size (examples: 512M, 2G, none)"
            ))
        }
    };
    let v: f64 = digits
        .trim()
        .parse()
        .map_err(|_| format!("`{s}` is not a memory size (examples: 512M, 2G, none)"))?;
    if !v.is_finite() || v <= 0.0 {
        return Err(format!("the memory ceiling must be positive, not `{s}`"));
    }
    let bytes = v * scale;
    if bytes < (64u64 << 20) as f64 {
        return Err(format!(
            "the memory ceiling must be at least 64M, not `{s}`"
        ));
    }
    // Beyond any machine: as good as no ceiling, and no overflow.
    Ok(MaxMemory((bytes < u64::MAX as f64).then_some(bytes as u64)))
}

/// A parsed `--max-memory` (`None`: no ceiling), in bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MaxMemory(pub Option<u64>);

/// `--max-steps N`: 1 to [`faultline_interp::MAX_STEPS_CEILING`].
pub fn parse_steps(s: &str) -> Result<u64, String> {
    let ceiling = faultline_interp::MAX_STEPS_CEILING;
    match s.trim().parse::<u64>() {
        Ok(n) if (1..=ceiling).contains(&n) => Ok(n),
        _ => Err(format!(
            "the step limit must be a whole number from 1 to {ceiling}, not `{s}`"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timeouts_parse_or_fail_with_a_message() {
        assert_eq!(
            parse_timeout("5"),
            Ok(Timeout(Some(Duration::from_secs(5))))
        );
        assert_eq!(
            parse_timeout("0.25"),
            Ok(Timeout(Some(Duration::from_millis(250))))
        );
        for none in [
            "inf",
            "INF",
            "infinity",
            "+inf",
            "none",
            "1e300",
            "1.7976931348623157e308",
        ] {
            assert_eq!(parse_timeout(none), Ok(Timeout(None)), "{none}");
        }
        for bad in ["nan", "NaN", "-1", "-inf", "0", "-0", "", "abc", "5s"] {
            let e = parse_timeout(bad).expect_err(bad);
            assert!(e.contains("seconds"), "{bad}: {e}");
        }
    }

    #[test]
    fn memory_sizes_parse_or_fail_with_a_message() {
        assert_eq!(parse_memory("2G"), Ok(MaxMemory(Some(2 << 30))));
        assert_eq!(parse_memory("2GiB"), Ok(MaxMemory(Some(2 << 30))));
        assert_eq!(parse_memory("512m"), Ok(MaxMemory(Some(512 << 20))));
        assert_eq!(parse_memory("300"), Ok(MaxMemory(Some(300 << 20))));
        assert_eq!(parse_memory("1.5G"), Ok(MaxMemory(Some(3 << 29))));
        assert_eq!(parse_memory("none"), Ok(MaxMemory(None)));
        assert_eq!(parse_memory("1e300T"), Ok(MaxMemory(None)));
        for bad in ["", "G", "-1G", "nan", "infG", "2X", "1M", "0"] {
            assert!(parse_memory(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn step_limits_have_a_ceiling() {
        assert_eq!(parse_steps("100000000"), Ok(100_000_000));
        for bad in ["0", "100000001", "-5", "1e9", "18446744073709551616"] {
            assert!(parse_steps(bad).is_err(), "{bad}");
        }
    }
}
