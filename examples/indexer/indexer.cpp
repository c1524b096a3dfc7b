// A text indexer: generates a corpus of pseudo-random documents, builds an
// inverted index over it and answers conjunctive (AND) queries, ranking the
// hits by term frequency.
//
//   indexer [documents] [words-per-document]    (default 1000 and 100)
//
// The corpus comes from a fixed-seed generator, so every run prints the
// same results. hotpath.toml beside this file selects the functions to
// measure; the code itself knows nothing about hotpath.
#include "text.h"

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

int main(int argc, char **argv) {
  unsigned Docs = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 1000;
  unsigned Words = argc > 2 ? std::strtoul(argv[2], nullptr, 10) : 100;

  text::Index Index;
  std::vector<std::string> Corpus = text::generateCorpus(Docs, Words, 42);
  for (unsigned I = 0; I < Corpus.size(); ++I)
    Index.addDocument(I, Corpus[I]);
  std::printf("%u documents, %zu distinct terms, %zu postings\n", Docs,
              Index.terms(), Index.postings());

  const char *Queries[] = {"kato", "rumi selo", "tavo nika",  "mora lisu ka",
                           "zefo", "sela-tori", "Pane  Tiko", "velo kato rumi"};
  for (const char *Q : Queries) {
    std::vector<text::Hit> Hits = Index.query(Q, 3);
    std::printf("%-16s %zu hits:", Q, Index.count(Q));
    for (const text::Hit &H : Hits)
      std::printf(" doc%u(%u)", H.Doc, H.Score);
    std::printf("\n");
  }
  return 0;
}
