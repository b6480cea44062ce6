int drop_all(void *pkt) { (void)pkt; return 0; }
