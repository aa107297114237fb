//! Metrics: latency histograms and the sampled time series the charts draw.

pub mod histogram;
pub mod series;
