#!/bin/bash
echo notes
