/* A real Kafka broker implementation for the live-cluster tests: librdkafka's mock cluster
 * (Debian librdkafka-dev). Usage: mock_cluster TOPIC PARTITIONS
 * Creates a one-broker cluster on 127.0.0.1 with TOPIC of PARTITIONS partitions, prints the
 * bootstrap servers on one line of stdout, and serves until stdin closes (so the test that spawned
 * it stops it by closing the pipe, or by ending). */
#include <librdkafka/rdkafka.h>
#include <librdkafka/rdkafka_mock.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: mock_cluster TOPIC PARTITIONS\n");
    return 2;
  }
  const int partitions = atoi(argv[2]);
  char err[512];
  rd_kafka_conf_t *conf = rd_kafka_conf_new();
  /* The handle only keeps the mock's books: it connects to nothing, so it has no bootstrap
   * servers, and its warning about that (level 5) is not shown. */
  if (rd_kafka_conf_set(conf, "log_level", "4", err, sizeof err) != RD_KAFKA_CONF_OK) {
    fprintf(stderr, "mock_cluster: %s\n", err);
    return 1;
  }
  rd_kafka_t *rk = rd_kafka_new(RD_KAFKA_PRODUCER, conf, err, sizeof err);
  if (!rk) {
    fprintf(stderr, "mock_cluster: %s\n", err);
    return 1;
  }
  rd_kafka_mock_cluster_t *cluster = rd_kafka_mock_cluster_new(rk, 1);
  if (!cluster) {
    fprintf(stderr, "mock_cluster: cannot create the mock cluster\n");
    return 1;
  }
  rd_kafka_resp_err_t e = rd_kafka_mock_topic_create(cluster, argv[1], partitions, 1);
  if (e) {
    fprintf(stderr, "mock_cluster: topic: %s\n", rd_kafka_err2str(e));
    return 1;
  }
  printf("%s\n", rd_kafka_mock_cluster_bootstraps(cluster));
  fflush(stdout);
  while (getchar() != EOF) {
  }
  rd_kafka_mock_cluster_destroy(cluster);
  rd_kafka_destroy(rk);
  return 0;
}
