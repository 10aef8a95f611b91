// Benchmarks (seeded collections, API latency under load) arrive with the collection API.
console.log('No benchmarks are defined yet; nothing was measured.');
